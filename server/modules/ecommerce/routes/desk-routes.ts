import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, notFound, validationError, validationErrorFromCauses } from "../../../../engine/errors.js";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import { UUID, inputSchema } from "../../input.js";
import { LANGUAGE_INPUT, checkLanguage } from "../../language-input.js";
import { defineRoute } from "../../route.js";
import { OrderDesk, type DeskOrder } from "../order-desk.js";
import { orderTimeline } from "../order-timeline.js";
import { ORDER_STATUS_JOB } from "../order-status-notices.js";
import { queueJob } from "../../notification/index.js";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import { refundAllocation } from "../order-refund.js";
import type { OrderStatus } from "../orders.js";

const ORDERS = "/api/ecommerce/orders";
const STATUSES: readonly OrderStatus[] = [
  "new",
  "paying",
  "approving",
  "packaging",
  "delivering",
  "delivered",
  "canceled",
];
/** The listed statuses (the query's pattern let only those through). */
const statusesOf = (list: string | undefined) =>
  list?.split(",").filter((s): s is OrderStatus => (STATUSES as readonly string[]).includes(s));
const DATE = {
  type: "string",
  maxLength: 40,
  pattern: "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$",
  "x-message": "must be a date (2025-01-31) or a date-time",
};

/** A date the pattern let through that is no day (2025-02-30): the same 400. */
function checkDates(query: { from?: string; to?: string }) {
  const wrong = (["from", "to"] as const).filter(
    (name) => query[name] !== undefined && Number.isNaN(Date.parse(query[name]!)),
  );
  if (wrong.length)
    throw validationErrorFromCauses(
      wrong.map((name) => ({ path: `/${name}`, message: "must be a date (2025-01-31) or a date-time" })),
    );
}
const COUNT = (max: number) => ({
  type: "string",
  pattern: "^[0-9]{1,9}$",
  maxLength: 9,
  "x-message": `must be a whole number up to ${max}`,
});

const listQuery = inputSchema<{
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  limit?: string;
  offset?: string;
  language?: string;
}>({
  properties: {
    status: {
      type: "string",
      maxLength: 200,
      pattern: `^(${STATUSES.join("|")})(,(${STATUSES.join("|")}))*$`,
      "x-message": `must be statuses separated by commas: ${STATUSES.join(", ")}`,
    },
    from: DATE,
    to: DATE,
    search: { type: "string", maxLength: 200 },
    limit: COUNT(200),
    offset: COUNT(1e9),
    language: LANGUAGE_INPUT,
  },
});
const orderParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" } },
  required: ["id"],
});
const languageQuery = inputSchema<{ language?: string }>({ properties: { language: LANGUAGE_INPUT } });
const refundInput = inputSchema<{ amount?: string }>({
  properties: {
    amount: {
      type: "string",
      maxLength: 40,
      description: 'The amount to give back, a decimal string ("12.50"); the whole amount left when absent',
      "x-message": 'must be a decimal string such as "12.50"',
    },
  },
});

/** Statuses whose order holds a paid invoice worth a receipt. */
const RECEIPTED = ["approving", "packaging", "delivering", "delivered"];

/**
 * The order desk (docs/shop.md "The order desk"; the admin's /admin/orders): a page of orders, one order with
 * its timeline, a refund, a receipt sent again. Under /api/ecommerce/orders, so only admins (and
 * roles granted these paths) reach them: no default permission names them.
 */
export function registerDeskRoutes(app: FastifyInstance) {
  const desk = new OrderDesk(app);
  const db = modelQueries(app.database.db, app.registry);
  const languageOf = (language: string | undefined) => checkLanguage(language) ?? DEFAULT_LANGUAGE;
  const orderOf = async (id: string, language: string): Promise<DeskOrder> => {
    const order = await desk.one(id, language);
    if (!order) throw notFound(`Order ${id} was not found`);
    return order;
  };
  const detail = async (id: string, language: string) => {
    const order = await orderOf(id, language);
    const { createdAt } = await app.repositories.get("ecommerce/orders")!.get(id);
    return {
      ...order,
      canRefund: Boolean(order.provider && app.payments.refunds.canRefund(order.provider)),
      timeline: await orderTimeline(app, { id, createdAt }),
    };
  };

  defineRoute(
    app,
    {
      method: "GET",
      url: `${ORDERS}/desk`,
      tag: "ecommerce",
      summary:
        "The order desk: checked-out orders newest first, each with its number (the mails' short number), date, customer, lines, total, currency, paid and refunded amounts, provider, status and shipping address; `status` (comma list), `from`/`to` (dates), `search` (number, email or name), `limit` (default 20, at most 200), `offset`. One query per page.",
      query: listQuery,
    },
    async ({ query }) => {
      checkDates(query);
      const page = await desk.list({
        status: statusesOf(query.status),
        from: query.from,
        to: query.to,
        search: query.search,
        limit: Math.min(Math.max(Number(query.limit ?? 20), 1), 200),
        offset: Number(query.offset ?? 0),
        language: languageOf(query.language),
      });
      return { data: page };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${ORDERS}/:id/desk`,
      tag: "ecommerce",
      summary:
        "One order as the desk shows it, with `canRefund` and its timeline (status changes, invoices, provider notifications, refunds, mails)",
      params: orderParams,
      query: languageQuery,
    },
    async ({ params: { id }, query }) => ({ data: await detail(id, languageOf(query.language)) }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ORDERS}/:id/refund`,
      tag: "ecommerce",
      summary:
        "Refund the order's paid invoice through its provider: `amount` (decimal string) or the whole amount left; at most what was paid less what was refunded (400); an Idempotency-Key header (or the same request again) never refunds twice; a full refund cancels the order, gives its stock back and mails the customer. An invoice with a breakdown has the refund shared out among its lines and delivery, each with the tax inside it (`refund.allocation`). Answers `{ refund, order }`.",
      params: orderParams,
      body: refundInput,
      bodyOptional: true,
    },
    async ({ params: { id }, body }, request) => {
      const order = await orderOf(id, DEFAULT_LANGUAGE);
      if (!order.invoice || !["paid", "refunded"].includes(order.invoice.status))
        throw new AppError("CONFLICT", `order ${order.number} has no paid invoice: there is nothing to refund`, [
          { path: "/amount", message: "nothing paid" },
        ]);
      // Shared out among the invoice's lines and delivery here, where their meaning is known; billing stores it as it comes.
      const allocation = await refundAllocation(db, order.invoice.id, body?.amount);
      const refund = await app.payments.refunds.refund({
        invoiceId: order.invoice.id,
        amount: body?.amount,
        requestKey: idempotencyKey(request),
        ...(allocation ? { allocation } : {}),
      });
      const { id: refundId, amount, status, providerRefundId, createdAt } = refund;
      return {
        data: {
          refund: {
            id: refundId,
            amount: String(amount),
            status,
            providerRefundId,
            createdAt,
            allocation: refund.allocation ?? null,
          },
          order: await detail(id, languageOf(undefined)),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${ORDERS}/:id/refund-allocation`,
      tag: "ecommerce",
      summary:
        'What a refund of `amount` (the whole amount left when absent) would give back of each line and of delivery, each with the tax inside it, as the refund would store it (docs/shop-pricing.md "Refunds"): `{ allocation }`, null when the order\'s invoice has no breakdown or the amount would be refused. Nothing is refunded',
      params: orderParams,
      query: refundInput,
    },
    async ({ params: { id }, query }) => {
      const order = await orderOf(id, DEFAULT_LANGUAGE);
      const allocation = order.invoice ? await refundAllocation(db, order.invoice.id, query.amount) : undefined;
      return { data: { allocation: allocation?.parts ?? null } };
    },
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ORDERS}/:id/resend-receipt`,
      tag: "ecommerce",
      summary:
        "Mail the customer the order's receipt again (its status mail with the receipt link): paid orders only (409 otherwise)",
      params: orderParams,
    },
    async ({ params: { id } }) => {
      const order = await orderOf(id, DEFAULT_LANGUAGE);
      if (!RECEIPTED.includes(order.status))
        throw new AppError("CONFLICT", `order ${order.number} is ${order.status}: only a paid order has a receipt`, [
          { path: "/status", message: "not paid" },
        ]);
      // The status mail again, with no previous status and the receipt drawn (order-status-notices.ts); a new job, so a new mail.
      const job = await queueJob(app, ORDER_STATUS_JOB, {
        orderId: id,
        from: null,
        to: order.status,
        at: order.date,
        receipt: true,
      });
      return { data: { queued: true, jobId: job.id } };
    },
  );
}

/** The Idempotency-Key header, checked as the checkout checks it. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || key.length < 1 || key.length > 255)
    throw validationError("Idempotency-Key must be 1 to 255 characters", [
      { path: "/headers/idempotency-key", message: "must be 1 to 255 characters" },
    ]);
  return `key:${key}`;
}
