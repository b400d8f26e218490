import { useEffect, useState } from "react";
import { api } from "../../api/client.js";
import { notifyError } from "../notify.js";

export interface SubmissionsPage {
  form: { id: string; title: string };
  columns: { slug: string; label: string }[];
  rows: { id: string; createdAt: string; values: Record<string, string> }[];
  total: number;
}

/** The route the screen reads (server/modules/crm/form-submissions-route.ts); `/csv` after it is the file. */
export const submissionsRoute = (formId: string) => `/api/crm/requests/by-form/${formId}`;

/** One page of a form's submissions, labelled in `language`; keeps the page on screen while the next loads. */
export function useSubmissions(formId: string, language: string, page: number, pageSize: number) {
  const [state, setState] = useState<{ data?: SubmissionsPage; loading: boolean }>({ loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api<SubmissionsPage>(submissionsRoute(formId), {
      query: { language, limit: pageSize, offset: page * pageSize },
      signal: controller.signal,
    })
      .then((data) => setState({ data, loading: false }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      });
    return () => controller.abort();
  }, [formId, language, page, pageSize]);
  return state;
}
