import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PageData, type Row } from "../../common/site/page-data.js";
import type { EntryAssets } from "../delivery/web-dist.js";
import type { SiteRenderer } from "./site-renderer.js";

/** The dummy provider's payment URL (server/modules/billing/providers/dummy.ts), also under "/ru". */
const PAY_PATH = "/billing/dummy/pay";
const TITLES: Record<Language, string> = { en: "Payment · Dummy Pay", ru: "Оплата · Dummy Pay" };

interface DummyInvoice {
  invoice: Row;
  currency: Row | null;
  orders: { id: string; status?: string; ordersToProducts: { id: string; quantity: number; product: Row | null }[] }[];
}

/**
 * The dummy provider's hosted payment page at /billing/dummy/pay/{invoiceId}?token=…: not a hosted
 * page of the site (the invoice is nobody's public content) but rendered through the site's
 * document and hydrated like one. The invoice, its currency and its lines come from the public
 * payment-page route with the URL's token; the page is per invoice, so it is never cached and
 * never sends its URL (with the token) as a referrer.
 */
export function registerPaymentPageRoute(app: FastifyInstance, renderer: SiteRenderer, assets: () => EntryAssets) {
  const handler =
    (language: Language) =>
    async (
      request: FastifyRequest<{ Params: { invoiceId: string }; Querystring: Record<string, unknown> }>,
      reply: FastifyReply,
    ) => {
      const { invoiceId } = request.params;
      const token = typeof request.query.token === "string" ? request.query.token : "";
      const answer = await app.inject({
        method: "GET",
        url: `/api/billing/payment-intents/dummy/invoices/${encodeURIComponent(invoiceId)}?token=${encodeURIComponent(token)}`,
      });
      if (answer.statusCode >= 500)
        request.log.error({ status: answer.statusCode, body: answer.body }, "dummy payment page: invoice read failed");
      const payment = answer.statusCode === 200 ? (answer.json().data as DummyInvoice) : undefined;
      const status = payment ? 200 : 404;
      const data = paymentPageData(language, `${PAY_PATH}/${invoiceId}`, payment);
      return reply
        .code(status)
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(renderer.renderDocument(data, assets(), { status }));
    };
  for (const language of LANGUAGES) {
    const prefix = language === DEFAULT_LANGUAGE ? "" : `/${language}`;
    app.get(`${prefix}${PAY_PATH}/:invoiceId`, handler(language));
  }
}

/**
 * A one-widget page (no layout: a provider's page, not the shop's) showing the billing widget
 * 'dummy-payment-default', with the invoice named by the segment billing.invoices.id and its
 * currency, orders, lines and products as page rows.
 */
export function paymentPageData(language: Language, path: string, payment: DummyInvoice | undefined): PageData {
  const pageId = "dummy-payment-page";
  const hostWidgetId = "dummy-payment-host-widget";
  const widgetId = "dummy-payment-widget";
  const records: PageData["records"] = {
    "host/pages": {
      [pageId]: { id: pageId, title: TITLES[language], description: TITLES[language], url: path, variant: "default" },
    },
    "host/pages-to-widgets": { [`${pageId}-w`]: { id: `${pageId}-w`, pageId, widgetId: hostWidgetId, orderIndex: 0 } },
    "host/widgets": { [hostWidgetId]: { id: hostWidgetId, slug: "dummy-payment", variant: "default" } },
    "host/widgets-to-external-widgets": {
      [`${hostWidgetId}-x`]: {
        id: `${hostWidgetId}-x`,
        widgetId: hostWidgetId,
        externalModule: "billing",
        externalWidgetId: widgetId,
        orderIndex: 0,
      },
    },
    "billing/widgets": { [widgetId]: { id: widgetId, variant: "dummy-payment-default" } },
  };
  const segments: Record<string, string> = {};
  if (payment) {
    const { invoice, currency, orders } = payment;
    segments["billing.invoices.id"] = String(invoice.id);
    records["billing/invoices"] = {
      [invoice.id]: pick(invoice, ["id", "amount", "status", "email", "successUrl", "cancelUrl"]),
    };
    if (currency)
      records["billing/currencies"] = { [currency.id]: pick(currency, ["id", "slug", "symbol", "decimals", "title"]) };
    records["ecommerce/orders"] = {};
    records["ecommerce/orders-to-products"] = {};
    records["ecommerce/products"] = {};
    for (const order of orders) {
      records["ecommerce/orders"][order.id] = { id: order.id, status: order.status };
      for (const [index, line] of order.ordersToProducts.entries()) {
        if (!line.product) continue;
        records["ecommerce/products"][line.product.id] = pick(line.product, ["id", "slug", "title"]);
        records["ecommerce/orders-to-products"][line.id] = {
          id: line.id,
          orderId: order.id,
          productId: line.product.id,
          quantity: line.quantity,
          orderIndex: index,
        };
      }
    }
  }
  return {
    language,
    path,
    pageId,
    segments,
    records,
    lists: {},
    relations: {
      "host/pages-to-widgets": {
        parent: { key: "pageId", model: "host/pages" },
        child: { key: "widgetId", model: "host/widgets" },
      },
      "ecommerce/orders-to-products": {
        parent: { key: "orderId", model: "ecommerce/orders" },
        child: { key: "productId", model: "ecommerce/products" },
      },
    },
  };
}

const pick = (row: Row, fields: string[]): Row =>
  Object.fromEntries(fields.filter((f) => row[f] !== undefined).map((f) => [f, row[f]])) as Row;
