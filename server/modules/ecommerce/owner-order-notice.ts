import type { FastifyInstance } from "fastify";
import type { ReceiptInput } from "../file-storage/index.js";
import type { Order } from "./orders.js";
import type { ShippingAddress } from "./shipping-address.js";
import type { ShopImageData } from "./shop-image-data.js";
import { addressLines } from "../../../common/postal-address.js";
import { breakdownText } from "./breakdown-rows.js";

/** The owner's mail of a paid order (template `owner-order-paid`, default-templates.ts). */
export const OWNER_ORDER_PAID = "owner-order-paid";

/** An amount with the currency's code after it, exactly as the database's decimal reads ("39.98 USD"). */
const money = (amount: string | undefined, receipt: ReceiptInput) =>
  amount ? `${amount} ${receipt.currency?.code ?? ""}`.trim() : "";

/**
 * Tells the shop's owner of a paid order (docs/notifications.md "Mail to the shop's owner"): the order's short number (the one in
 * the customer's mail), the customer's email and name, each line with its quantity, price and
 * amount, the invoice's subtotal, discount, delivery and tax when it keeps them, the total in its
 * currency (exact decimals), the shipping address, and the order's page
 * on the admin's order desk. Keyed by the order: however often its status job runs, or the order comes back to
 * `approving`, the owner is mailed once.
 */
export async function notifyOwnerOfPaidOrder(
  app: FastifyInstance,
  images: ShopImageData,
  order: Order,
  customerEmail: string | undefined,
) {
  const orderId = order.id as string;
  const receipt = await images.receipt(order, app.ownerMail.language);
  const address = order.shippingAddress as ShippingAddress | null;
  const lines = receipt.lines.map(
    (line) => `${line.title} — ${line.quantity} × ${money(line.price, receipt)} = ${money(line.amount, receipt)}`,
  );
  await app.ownerMail.enqueue({
    key: `${OWNER_ORDER_PAID}:${orderId}`,
    template: OWNER_ORDER_PAID,
    data: {
      orderId,
      orderNumber: orderId.slice(0, 8),
      customer: [customerEmail, address?.name && `(${address.name})`].filter(Boolean).join(" "),
      lines: lines.join("\n"),
      // The invoice's rows beside the lines (discount, delivery, tax), when it keeps a breakdown.
      breakdown: receipt.rows ? breakdownText(receipt.rows, (amount) => money(amount, receipt)) : "",
      total: money(receipt.total, receipt),
      address: addressLines(address, app.ownerMail.language).join("\n"),
      // The order desk's page of the order (web/admin/admin-app.tsx, orders/:id): its lines, timeline and Refund.
      adminUrl: app.ownerMail.adminUrl(`/orders/${orderId}`),
    },
  });
}
