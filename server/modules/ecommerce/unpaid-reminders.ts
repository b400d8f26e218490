import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { emailOf, notificationWithKey } from "../notification/index.js";
import type { OrderLinks } from "./order-links.js";
import { languageOf } from "./shop-image-data.js";
import { orderSubjectLanguages } from "../rbac/index.js";

export const UNPAID_REMINDER = "order-unpaid-reminder";

/**
 * The reminder mail for an order left unpaid (docs/shop.md): once an order has been `paying` for
 * half of UNPAID_ORDER_MAX_AGE_HOURS, its buyer gets one mail (template `order-unpaid-reminder`,
 * in the buyer's language) with 'Pay now' — the order's signed link — and when it will be
 * canceled. Once per order: the notification's key is `order-unpaid-reminder:{orderId}`, and
 * orders already reminded are not even read again. Run by the queue's sweep (ecommerce-module.ts).
 */
export async function remindUnpaid(app: FastifyInstance, links: OrderLinks, maxAgeHours: number): Promise<number> {
  const db = modelQueries(app.database.db, app.registry);
  const due = await db
    .selectFrom("ecommerce/orders as o")
    // The buyer's subject and language (rbac's, joined as its subquery), when a subject holds the order.
    .leftJoin(orderSubjectLanguages(db).as("s"), "s.orderId", "o.id")
    .select(["o.id", "o.email", "s.subjectId", "s.language"])
    .where("o.status", "=", "paying")
    .where("o.updatedAt", "<", sql<Date>`now() - make_interval(secs => ${(maxAgeHours * 3600) / 2}::float8)`)
    .where(({ not, exists }) =>
      not(exists(notificationWithKey(db, sql<string>`${`${UNPAID_REMINDER}:`} || o.id::text`))),
    )
    .limit(100)
    .execute();
  for (const order of due) {
    const language = languageOf(order.language) ?? DEFAULT_LANGUAGE;
    const id = order.id as string;
    await app.notifications.enqueue({
      key: `${UNPAID_REMINDER}:${id}`,
      template: UNPAID_REMINDER,
      recipient:
        (order.email as string | null) ?? (order.subjectId ? await emailOf(app, order.subjectId as string) : undefined),
      language,
      ...(order.subjectId ? { subjectId: order.subjectId as string } : {}),
      data: {
        orderId: id,
        orderNumber: id.slice(0, 8),
        payUrl: links.url(id, language),
        expiresAfterHours: maxAgeHours,
      },
    });
  }
  if (due.length > 0) app.notifications.wake();
  return due.length;
}
