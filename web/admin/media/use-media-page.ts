import { useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { mediaPage, type MediaFile } from "./media-api.js";

/** One page of the media grid; keeps the page on screen while the next loads; `reload()` asks again. */
export function useMediaPage(search: string, page: number, pageSize: number) {
  const [state, setState] = useState<{ rows?: MediaFile[]; total?: number; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    mediaPage({ search: search || undefined, limit: pageSize, offset: page * pageSize }, controller.signal)
      .then(({ rows, total }) => setState({ rows, total, loading: false }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      });
    return () => controller.abort();
  }, [search, page, pageSize, version]);
  return {
    ...state,
    reload: () => setVersion((v) => v + 1),
    replace: (file: MediaFile) => setState((s) => ({ ...s, rows: s.rows?.map((r) => (r.id === file.id ? file : r)) })),
  };
}
