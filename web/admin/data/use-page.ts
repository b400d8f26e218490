import { useCallback, useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { fetchPage, type PageRequest } from "./list-query.js";

type Row = Record<string, any>;

/** The current page of a model's rows; keeps the previous page on screen while the next loads. */
export function usePage(modelId: string, request: PageRequest) {
  const [state, setState] = useState<{ rows: Row[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(request);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchPage<Row>(modelId, JSON.parse(key) as PageRequest, controller.signal)
      .then(({ rows, total }) => setState({ rows, total, loading: false }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      });
    return () => controller.abort();
  }, [modelId, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
