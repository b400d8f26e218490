import { api } from "../../api/client.js";
import { ordersTexts } from "../orders/orders-texts.js";
import { DESK, money, type DeskOrder } from "../orders/use-desk.js";
import { relativeTime } from "../time/relative-time.js";
import { useNow } from "../time/use-now.js";
import { CardLine, DashboardCard } from "./dashboard-card.js";
import { dashboardTexts } from "./dashboard-texts.js";
import { useCardData } from "./use-card-data.js";

/** Paid and not yet on its way (docs/shop.md, "An order's life cycle"): paid (`approving`) or being packed. */
const TO_SHIP = "approving,packaging";
const SHOWN = 5;

/**
 * Paid orders not yet shipped, newest first, from the order desk's own list (its status filter):
 * the order's number, customer, items, total and status, each opening its page on the desk. The
 * desk is for administrators and roles given its paths: for anyone else the card is not shown.
 */
export function OrdersCard() {
  const t = dashboardTexts();
  const words = ordersTexts();
  const now = useNow();
  const orders = useCardData((signal) =>
    api<{ rows: DeskOrder[]; total: number }>(DESK, {
      query: { status: TO_SHIP, limit: SHOWN, language: words.language },
      signal,
    }),
  );
  const total = orders.data?.total ?? 0;
  return (
    <DashboardCard
      testId="dashboard-orders"
      title={t.orders}
      to="/admin/orders"
      status={orders.status}
      retry={orders.retry}
      count={t.ordersCount(total)}
      isEmpty={total === 0}
      empty={t.ordersNone}
    >
      {orders.data?.rows.map((order) => {
        const customer = order.customer.name ?? order.customer.email;
        return (
          <CardLine
            key={order.id}
            to={`/admin/orders/${order.id}`}
            label={[words.order(order.number), customer].filter(Boolean).join(" · ")}
            detail={[
              order.lines.map((line) => `${line.title} × ${line.quantity}`).join(", "),
              money(order.total, order),
              words.statuses[order.status] ?? order.status,
              relativeTime(order.date, words.language, now),
            ]
              .filter(Boolean)
              .join(" · ")}
          />
        );
      })}
    </DashboardCard>
  );
}
