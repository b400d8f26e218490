import { useCallback, useEffect, useState } from "react";
import { api, type Query } from "../../api/client.js";
import { notifyError } from "../notify.js";

/** One order as GET /api/ecommerce/orders/desk answers it (server/modules/ecommerce/order-desk.ts). */
export interface DeskOrder {
  id: string;
  number: string;
  date: string;
  status: string;
  customer: { email: string | null; name: string | null };
  lines: { title: string; quantity: number }[];
  total: string | null;
  currency: { code: string; symbol: string | null; decimals: number } | null;
  paid: string | null;
  refunded: string | null;
  provider: string | null;
  invoice: { id: string; status: string; flag: string | null } | null;
  shippingAddress: Record<string, unknown> | null;
}

export type TimelineEntry = { at: string; kind: string } & Record<string, unknown>;

export interface DeskOrderPage extends DeskOrder {
  canRefund: boolean;
  timeline: TimelineEntry[];
}

export const DESK = "/api/ecommerce/orders/desk";
export const orderDesk = (id: string) => `/api/ecommerce/orders/${id}/desk`;

/** An amount with its currency's code ("39.98 USD"), exactly as the server wrote it. */
export const money = (amount: string | null, order: Pick<DeskOrder, "currency">) => (amount == null ? "—" : `${amount} ${order.currency?.code ?? ""}`.trim());

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
