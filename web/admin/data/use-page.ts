import { useCallback, useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { fetchExactCount, fetchPage, type PageRequest } from "./list-query.js";

type Row = Record<string, any>;

/**
 * The current page of a model's rows; keeps the previous page on screen while the next loads.
 * `loaded` is the request (as JSON) the rows answer, `next` the cursor of the page after them.
 * `countExactly` replaces an estimated total with the exact count under the same filters.
 */
export function usePage(model: { id: string; drafts?: boolean }, request: PageRequest) {
  const modelId = model.id;
  const drafts = model.drafts === true;
  const [state, setState] = useState<{
    rows: Row[];
    total: number;
    estimated: boolean;
    loading: boolean;
    next?: string;
    loaded?: string;
  }>({ rows: [], total: 0, estimated: false, loading: true });
  const [version, setVersion] = useState(0);
  const [counting, setCounting] = useState(false);
  const key = JSON.stringify(request);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchPage<Row>({ id: modelId, drafts }, JSON.parse(key) as PageRequest, controller.signal)
      .then(({ rows, total, estimated, next }) =>
        setState({ rows, total, estimated, next, loaded: key, loading: false }),
      )
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      });
    return () => controller.abort();
  }, [modelId, drafts, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const countExactly = useCallback(async () => {
    setCounting(true);
    try {
      const total = await fetchExactCount({ id: modelId, drafts }, (JSON.parse(key) as PageRequest).filters);
      setState((s) => ({ ...s, total, estimated: false }));
    } catch (error) {
      notifyError(error);
    } finally {
      setCounting(false);
    }
  }, [modelId, drafts, key]);
  return { ...state, reload, countExactly, counting };
}
