import { useCallback, useEffect, useRef, useState } from "react";
import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { ApiError } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { fetchAuditPage, type AuditFilters } from "./activity-api.js";

/** loading (the first page), ready, failed (`error` says why), or forbidden (a 403: not an administrator). */
export type LogStatus = "loading" | "ready" | "failed" | "forbidden";

export interface AuditLog {
  entries: AuditEntry[];
  status: LogStatus;
  error?: string;
  /** Whether the server has older entries (it answered a `next`). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/**
 * The log under `filters`, a page of `limit` at a time, newest first: read again from the top
 * when the filters or `refresh` change; Load more follows the server's cursor, so an entry made
 * meanwhile neither repeats nor skips one.
 */
export function useAuditLog(filters: AuditFilters, limit: number, refresh: unknown = 0): AuditLog {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [status, setStatus] = useState<LogStatus>("loading");
  const [error, setError] = useState<string>();
  const [next, setNext] = useState<string>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The filters the shown entries were read with: a Load more answer for older filters is dropped.
  const current = useRef("");
  const key = JSON.stringify(filters);

  const failed = (reason: unknown) => {
    if (reason instanceof DOMException && reason.name === "AbortError") return;
    const forbidden = reason instanceof ApiError && reason.status === 403;
    setStatus(forbidden ? "forbidden" : "failed");
    setError(reason instanceof Error ? reason.message : String(reason));
  };

  useEffect(() => {
    const controller = new AbortController();
    current.current = key;
    setStatus("loading");
    fetchAuditPage(filters, limit, undefined, controller.signal)
      .then((page) => {
        setEntries(page.data);
        setNext(page.next);
        setStatus("ready");
      })
      .catch(failed);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, limit, refresh, attempt]);

  const loadMore = useCallback(() => {
    if (!next || loadingMore) return;
    const asked = current.current;
    setLoadingMore(true);
    fetchAuditPage(JSON.parse(asked) as AuditFilters, limit, next)
      .then((page) => {
        if (current.current !== asked) return;
        setEntries((shown) => [...shown, ...page.data]);
        setNext(page.next);
      })
      // The entries shown stay: a toast says why no more came, and Load more may be tried again.
      .catch(notifyError)
      .finally(() => setLoadingMore(false));
  }, [next, loadingMore, limit]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { entries, status, error, hasMore: next !== undefined, loadingMore, loadMore, retry };
}
