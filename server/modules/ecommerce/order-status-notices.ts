import type { FastifyInstance } from "fastify";
import { imageText } from "../file-storage/index.js";
import { emailOf, wakeQueueOnTriggeredJobs } from "../notification/index.js";
import { invoicesOfIntents } from "../billing/index.js";
import { RECEIPT_VARIANT } from "./generated-images.js";
import { languageOf, type ShopImageData } from "./shop-image-data.js";
import { withLanguage } from "../../../common/i18n/languages.js";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import { RELEASED_STATUSES, releaseStock } from "./stock.js";
import type { OrderLinks } from "./order-links.js";
import { addressLines } from "../../../common/postal-address.js";
import { notifyOwnerOfPaidOrder } from "./owner-order-notice.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { orderSubjectLanguages } from "../rbac/index.js";
import { moneyInLanguage } from "../../../common/money-in-language.js";
import { refundOfOrder } from "./order-refund.js";
import { breakdownText } from "./breakdown-rows.js";

/**
 * Every change of an order's status, whoever makes it (checkout, a payment webhook, an admin's
 * PATCH, a bulk update, SQL by hand), queues an `order-status-changed` job in the same
 * transaction, by a trigger on the orders table (migrations/0012_order_status_changed_trigger.sql,
 * whose SQL names this kind): the job exists exactly when the change was committed, and a request
 * pays one INSERT for it.
 */
export const ORDER_STATUS_JOB = "order-status-changed";

/**
 * The job: the order's reserved stock goes back when it was canceled or put back in the cart
 * (stock.ts), and the order's subject is told by email (template `order-status-changed`,
 * docs/notifications.md) in its language, at the checkout's invoice email or else its own; an order reaching
 * `approving` first gets its receipt drawn and linked (`receipt`), and the mail links to it; the
 * shop's owner is mailed the paid order then (owner-order-notice.ts).
 * Safe to run twice: the notification's key is the job's id, the receipt's key what it shows.
 */
export function registerOrderStatusNotices(
  app: FastifyInstance,
  images: ShopImageData,
  publicUrl: string,
  links: OrderLinks,
) {
  const db = modelQueries(app.database.db, app.registry);
  // Committed writes of an order's status (repository writes publish after commit): the trigger
  // queued jobs. Only those wake the queue: a cart's new order or line queues nothing, and a wake
  // per write kept the queue's five statements running back to back under add-to-cart traffic.
  wakeQueueOnTriggeredJobs(app, app.repositories.get("ecommerce/orders")!, "status");

  /** The email of the order's latest invoice (the checkout's "invoice email"), if it has one. */
  const invoiceEmail = async (orderId: string): Promise<string | undefined> => {
    const row = await db
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
      .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
      .select("i.email")
      .where("op.orderId", "=", orderId)
      .where("i.email", "is not", null)
      .orderBy("i.createdAt", "desc")
      .executeTakeFirst();
    return row?.email ?? undefined;
  };

  app.notifications.jobs.handle(ORDER_STATUS_JOB, async (payload, job) => {
    const orderId = String(payload.orderId);
    // Whoever canceled the order (the owner's PATCH, SQL by hand), its reserved stock goes back (stock.ts; a no-op when already given back).
    if ((RELEASED_STATUSES as readonly unknown[]).includes(payload.to))
      await runTransaction(app.database, app.repositories, (repository, trx) =>
        releaseStock([orderId], trx, repository),
      );
    const order = await app.repositories
      .get("ecommerce/orders")!
      .get(orderId)
      .catch(() => undefined);
    if (!order) return; // deleted since: nothing to tell
    const link = await db
      .selectFrom(orderSubjectLanguages(db).as("s"))
      .select(["s.subjectId as id", "s.language"])
      .where("s.orderId", "=", orderId)
      .executeTakeFirst();
    const language = languageOf(link?.language) ?? DEFAULT_LANGUAGE;
    let receiptUrl: string | undefined;
    // Reaching `approving` draws the receipt; so does the desk's "resend receipt" (payload.receipt).
    if (payload.to === "approving" || payload.receipt === true) {
      const { record } = await app.generatedFiles.generate(RECEIPT_VARIANT, { orderId, language, date: payload.at });
      // A receipt is its subject's only (receipt-readers.ts): the link carries the order's token, as the order link does.
      receiptUrl = `${publicUrl}${record.file}?${new URLSearchParams({ token: links.token(orderId) })}`;
    }
    const receipt = await images.receipt(order, language);
    const amount = (value: string) =>
      `${receipt.currency?.symbol ?? ""}${value}${receipt.currency?.symbol ? "" : ` ${receipt.currency?.code ?? ""}`}`.trim();
    const status = (value: unknown) =>
      value ? imageText(`status.${value}` as Parameters<typeof imageText>[0], language) || String(value) : "";
    // Canceled after a refund (the desk's full refund cancels the order): the mail says how much came back.
    const refund = payload.to === "canceled" ? await refundOfOrder(db, orderId) : undefined;
    const recipient =
      (order.email as string | null) ??
      (await invoiceEmail(orderId)) ??
      (link ? await emailOf(app, link.id) : undefined);
    await app.notifications.enqueue({
      key: `job:${job.id}`,
      template: ORDER_STATUS_JOB,
      recipient,
      language,
      subjectId: link?.id,
      data: {
        orderId,
        orderNumber: orderId.slice(0, 8),
        status: payload.to,
        statusText: status(payload.to),
        previousStatus: payload.from,
        previousStatusText: status(payload.from),
        // What the invoice charged beside the lines (its breakdown: discount, delivery, tax), above the total it charged.
        breakdown: receipt.rows ? breakdownText(receipt.rows, amount) : "",
        total: receipt.total ? amount(receipt.total) : "",
        receiptUrl,
        refunded: refund ? moneyInLanguage(refund.amount, refund.currency, language) : undefined,
        ordersUrl: `${publicUrl}${withLanguage("/cart", language)}`,
        // The order's own page by its signed link (a guest has no account to sign in to), and Pay now while it is unpaid.
        orderUrl: links.url(orderId, language),
        payUrl: payload.to === "paying" ? links.url(orderId, language) : undefined,
        // The parcel's lines (the country named in the mail's language), one under another.
        address: addressLines(order.shippingAddress, language).join("\n"),
      },
    });
    // Paid: the shop's owner hears of it too (once per order, owner-order-notice.ts).
    if (payload.to === "approving") await notifyOwnerOfPaidOrder(app, images, order, recipient);
  });
}
