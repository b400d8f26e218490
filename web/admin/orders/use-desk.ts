import { useCallback, useEffect, useState } from "react";
import { api, type Query } from "../../api/client.js";
import { notifyError } from "../notify.js";
import type { DeskOrder } from "../../../common/admin/desk-order.js";

/** One order as GET /api/ecommerce/orders/desk answers it (common/admin/desk-order.ts). */
export type { DeskOrder };

export type TimelineEntry = { at: string; kind: string } & Record<string, unknown>;

export interface DeskOrderPage extends DeskOrder {
  canRefund: boolean;
  timeline: TimelineEntry[];
}

export const DESK = "/api/ecommerce/orders/desk";
export const orderDesk = (id: string) => `/api/ecommerce/orders/${id}/desk`;

/** An amount with its currency's code ("39.98 USD"), exactly as the server wrote it. */
export const money = (amount: string | null, order: Pick<DeskOrder, "currency">) =>
  amount == null ? "—" : `${amount} ${order.currency?.code ?? ""}`.trim();

/** Loads `path` with `query`; keeps what is on screen while the next loads; `reload` asks again. */
export function useApi<T>(path: string, query: Query) {
  const [state, setState] = useState<{ data?: T; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api<T>(path, { query: JSON.parse(key) as Query, signal: controller.signal })
      .then((data) => setState({ data, loading: false }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      });
    return () => controller.abort();
  }, [path, key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
