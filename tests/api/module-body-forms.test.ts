import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { ADMIN_ROLE } from "../../server/modules/rbac/index.js";
import type { AddressInfo } from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, urlencoded } from "../helpers/bodies.js";
import { routesOf } from "../helpers/route-table.js";
import { emailChangeBodyFormCases } from "./email-change-body-forms.js";
import { discountCodeBodyFormCases } from "./discount-code-body-forms.js";
import { singleSignOnBodyFormCases } from "./single-sign-on-body-forms.js";
import { passkeyBodyFormCases } from "./passkey-body-forms.js";
import { apiKeyBodyFormCases } from "./api-key-body-forms.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { localStorage, type StorageUnderTest } from "../file-storage/helpers.js";
import { AUTH, PASSWORD, bearer, lastMail, register, resetCodeIn, type SignedIn } from "../rbac/helpers.js";
import {
  addToCart,
  catalogue,
  create,
  dummyCheckout,
  dummyWebhook,
  shopper,
  type Catalogue,
} from "../ecommerce/shop-fixture.js";
import { twoFactorBodyCases } from "./module-body-forms-two-factor.js";
import { UNAUDITED_MODULE_ROUTES } from "./unaudited-module-routes.js";

// The three body forms of docs/api.md (JSON `{ data }`, urlencoded `data=<json>`,
// a multipart part `data`) must mean the same on every route. Logout read its body by itself:
// the JSON and urlencoded forms were 400s, and the multipart form answered 200 and revoked
// nothing. Every module route now reads through the one reader (server/plugins/request-data.ts
// via server/modules/input.ts). The routes are discovered from the app's own route table: a new
// module route with a body fails here until it has a case below.
const FORMS = ["json", "urlencoded", "multipart"] as const;
type Form = (typeof FORMS)[number];
const bodyIn = async (form: Form, data: unknown) =>
  form === "json" ? { payload: { data } } : form === "urlencoded" ? urlencoded(data) : await multipart(data);

/** Who calls: the secret key, a subject's bearer token, or nobody. */
type Caller = "key" | "anonymous" | SignedIn;
interface Call {
  url: string;
  data: unknown;
  caller: Caller;
  /** What the call changed, read after it (the same for every form when the body was read alike). */
  effect?: () => Promise<unknown>;
}
interface Case {
  status: number;
  /** Makes what the call needs, fresh for each form (`n` keeps emails and names apart). */
  prepare: (form: Form, n: string) => Promise<Call>;
}

/** Module write routes that take no body, and the one whose body is the provider's own. */
const WITHOUT_DATA = new Set([
  "POST /api/ecommerce/orders/clear-old-orders",
  "DELETE /api/rbac/subjects/:id/identities/:identityId",
  // Signing devices out: the subject and the sign-in in the path are all it needs.
  "DELETE /api/rbac/subjects/:id/two-factor",
  "DELETE /api/rbac/subjects/:id/sessions",
  "DELETE /api/rbac/subjects/:id/sessions/:sessionId",
  // Revoking an API key: the subject and the key in the path are all it needs.
  "DELETE /api/rbac/subjects/:id/api-keys/:keyId",
  "DELETE /api/rbac/subjects/:id/ecommerce-module/orders/:orderId",
  "POST /api/billing/payment-intents/:provider/webhook",
  // Pay now takes no body: the order (and, for a mailed link, its token in the query) is all it needs.
  "POST /api/rbac/subjects/:id/ecommerce-module/orders/:orderId/pay",
  "POST /api/ecommerce/order-links/:orderId/pay",
  "POST /api/rbac/subjects/:id/ecommerce-module/orders/:orderId/back-to-cart",
  // The desk's resend of a receipt acts on the order as it is.
  "POST /api/ecommerce/orders/:id/resend-receipt",
  // The product editor's Publish: the product in the path is all it needs.
  "POST /api/ecommerce/products/:id/editor/publish",
  // A page's block removed, copied or detached from its reusable block: the page and the block in the path are all it needs.
  "DELETE /api/host/pages/:id/blocks/:blockId",
  "POST /api/host/pages/:id/blocks/:blockId/duplicate",
  "POST /api/host/pages/:id/blocks/:blockId/detach",
  // A webhook's secret rolled, a test event, a redelivery: the webhook (and delivery) in the path are all they need.
  "POST /api/admin/webhooks/:id/roll-secret",
  "POST /api/admin/webhooks/:id/test",
  "POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver",
]);

/** The product editor's form: texts, a price, a stock left untracked, one attribute. */
const editorForm = (title: string) => ({
  product: {
    title: { en: title },
    shortDescription: {},
    description: {},
    type: "one_off",
    shipping: "none",
    stock: null,
  },
  prices: [{ currencyId: c.usd.id, amount: "3.30" }],
  photos: [],
  stores: [],
  categoryIds: [],
  attributes: [{ name: { en: "Colour" }, value: { en: "Blue" } }],
});

let t: TestApp;
let storage: StorageUnderTest;
let files: Server;
let filesOrigin: string;
let c: Catalogue;
let formId: string;
const NEW_PASSWORD = "another horse battery";

const request = (method: string, call: Call, body: Awaited<ReturnType<typeof bodyIn>>) =>
  t.request({
    method: method as "POST",
    url: call.url,
    key: call.caller === "key" ? undefined : null,
    ...body,
    headers: {
      ...("headers" in body ? body.headers : {}),
      ...(typeof call.caller === "object" ? bearer(call.caller.jwt) : {}),
    },
  });
const identityOf = async (s: SignedIn) =>
  (
    await t.request({
      method: "GET",
      url: `/api/rbac/subjects/${s.subjectId}/identities`,
      key: null,
      headers: bearer(s.jwt),
    })
  ).body.data[0].id as string;
const refreshStatus = async (refresh: string) =>
  (await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { data: { refresh } } })).status;
const checkoutData = (email: string) => ({ provider: "dummy", email, billingModule: { currency: { id: c.usd.id } } });

const cases: Record<string, Case> = {
  ...twoFactorBodyCases(() => t),
  ...emailChangeBodyFormCases(() => t),
  ...discountCodeBodyFormCases(() => t),
  ...singleSignOnBodyFormCases(() => t),
  ...passkeyBodyFormCases(() => t),
  ...apiKeyBodyFormCases(() => t),
  [`POST ${AUTH}/logout`]: {
    status: 200,
    prepare: async (_form, n) => {
      const s = await register(t, `logout-${n}@example.com`);
      return {
        url: `${AUTH}/logout`,
        data: { refresh: s.refresh },
        caller: "anonymous",
        effect: () => refreshStatus(s.refresh),
      };
    },
  },
  // A wrong setup code in every form: read alike, each is the same 403 and no admin is made.
  [`POST ${AUTH}/first-admin`]: {
    status: 403,
    prepare: async (_form, n) => ({
      url: `${AUTH}/first-admin`,
      data: { code: "AAAA-BBBB-CCCC-DDDD", login: `owner-${n}@example.com`, password: PASSWORD },
      caller: "anonymous",
      effect: async () => (await t.request({ method: "GET", url: `${AUTH}/first-admin`, key: null })).body.data.needed,
    }),
  },
  [`POST ${AUTH}/refresh`]: {
    status: 200,
    prepare: async (_form, n) => ({
      url: `${AUTH}/refresh`,
      data: { refresh: (await register(t, `refresh-${n}@example.com`)).refresh },
      caller: "anonymous",
    }),
  },
  [`POST ${AUTH}/email-and-password/authentication`]: {
    status: 200,
    prepare: async (_form, n) => {
      await register(t, `sign-in-${n}@example.com`);
      return {
        url: `${AUTH}/email-and-password/authentication`,
        data: { login: `sign-in-${n}@example.com`, password: PASSWORD },
        caller: "anonymous",
      };
    },
  },
  [`POST ${AUTH}/email-and-password/registration`]: {
    status: 201,
    prepare: async (_form, n) => ({
      url: `${AUTH}/email-and-password/registration`,
      data: { login: `new-${n}@example.com`, password: PASSWORD },
      caller: "anonymous",
    }),
  },
  [`POST ${AUTH}/email-and-password/forgot-password`]: {
    status: 200,
    prepare: async (_form, n) => {
      await register(t, `forgot-${n}@example.com`);
      return {
        url: `${AUTH}/email-and-password/forgot-password`,
        data: { email: `forgot-${n}@example.com` },
        caller: "anonymous",
        effect: async () => !!resetCodeIn((await lastMail(t, `forgot-${n}@example.com`))?.text ?? ""),
      };
    },
  },
  [`POST ${AUTH}/email-and-password/reset-password`]: {
    status: 200,
    prepare: async (_form, n) => {
      const email = `reset-${n}@example.com`;
      await register(t, email);
      await t.request({
        method: "POST",
        url: `${AUTH}/email-and-password/forgot-password`,
        key: null,
        payload: { data: { email } },
      });
      const code = resetCodeIn((await lastMail(t, email))!.text)!;
      return {
        url: `${AUTH}/email-and-password/reset-password`,
        data: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, code },
        caller: "anonymous",
      };
    },
  },
  [`POST ${AUTH}/ethereum-virtual-machine`]: {
    status: 200,
    prepare: async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const { data } = (await t.request({ method: "GET", url: `${AUTH}/ethereum-virtual-machine/nonce`, key: null }))
        .body;
      const message = createSiweMessage({
        address: account.address,
        chainId: 1,
        domain: data.domain,
        uri: data.uri,
        nonce: data.nonce,
        version: "1",
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + 5 * 60_000),
      });
      return {
        url: `${AUTH}/ethereum-virtual-machine`,
        data: { message, signature: await account.signMessage({ message }), address: account.address },
        caller: "anonymous",
      };
    },
  },
  "POST /api/rbac/subjects/:id/identities": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `more-${n}@example.com`);
      return {
        url: `/api/rbac/subjects/${s.subjectId}/identities`,
        data: { email: `more-2-${n}@example.com`, password: PASSWORD, currentPassword: PASSWORD },
        caller: s,
      };
    },
  },
  "POST /api/rbac/identity/email-and-password": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `own-${n}@example.com`);
      return {
        url: "/api/rbac/identity/email-and-password",
        data: { email: `own-2-${n}@example.com`, password: PASSWORD, currentPassword: PASSWORD },
        caller: s,
      };
    },
  },
  "PATCH /api/rbac/subjects/:id/identities/:identityId": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await register(t, `moving-${n}@example.com`);
      return {
        url: `/api/rbac/subjects/${s.subjectId}/identities/${await identityOf(s)}`,
        data: { email: `moved-${n}@example.com`, currentPassword: PASSWORD },
        caller: s,
      };
    },
  },
  "PATCH /api/rbac/subjects/:id/change-password": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await register(t, `change-${n}@example.com`);
      return {
        url: `/api/rbac/subjects/${s.subjectId}/change-password`,
        data: { password: PASSWORD, newPassword: NEW_PASSWORD },
        caller: s,
      };
    },
  },
  "PATCH /api/rbac/identity/:id/change-password": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await register(t, `change-identity-${n}@example.com`);
      return {
        url: `/api/rbac/identity/${await identityOf(s)}/change-password`,
        data: { password: PASSWORD, newPassword: NEW_PASSWORD },
        caller: s,
      };
    },
  },
  // The plural paths the original backend also serves.
  "PATCH /api/rbac/identities/:id/change-password": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await register(t, `change-identities-${n}@example.com`);
      return {
        url: `/api/rbac/identities/${await identityOf(s)}/change-password`,
        data: { password: PASSWORD, newPassword: NEW_PASSWORD },
        caller: s,
      };
    },
  },
  "POST /api/rbac/identities/email-and-password": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `own-plural-${n}@example.com`);
      return {
        url: "/api/rbac/identities/email-and-password",
        data: { email: `own-plural-2-${n}@example.com`, password: PASSWORD, currentPassword: PASSWORD },
        caller: s,
      };
    },
  },
  // The link's language read from every form alike: one the site does not have is the same 400.
  "POST /api/host/pages/:id/preview": {
    status: 400,
    prepare: async (_form, n) => {
      const page = await create(t, "host/pages", { url: `/preview-${n}`, title: "Preview" });
      return { url: `/api/host/pages/${page.id}/preview`, data: { language: "xx" }, caller: "key" };
    },
  },
  // A block added with its content, and a page's blocks reordered, from every form alike.
  "POST /api/host/pages/:id/blocks": {
    status: 201,
    prepare: async (_form, n) => {
      const page = await create(t, "host/pages", { url: `/blocks-${n}`, title: "Blocks" });
      const url = `/api/host/pages/${page.id}/blocks`;
      const effect = async () =>
        (await t.request({ method: "GET", url: `${url}?language=ru` })).body.data.map((b: any) => [
          b.module,
          b.variant,
          b.title,
        ]);
      return {
        url,
        data: {
          module: "website-builder",
          variant: "content-default",
          content: { title: { en: "Hello", ru: "Привет" }, features: [{ title: "One" }] },
        },
        caller: "key",
        effect,
      };
    },
  },
  // A block saved as a reusable block under the name an editor gives it, from every form alike.
  "POST /api/host/pages/:id/blocks/:blockId/reusable": {
    status: 200,
    prepare: async (_form, n) => {
      const page = await create(t, "host/pages", { url: `/reusable-${n}`, title: "Reusable" });
      const url = `/api/host/pages/${page.id}/blocks`;
      const block = (
        await t.request({
          method: "POST",
          url,
          payload: { data: { module: "website-builder", variant: "default", content: { title: "Shared" } } },
        })
      ).body.data;
      const effect = async () => (await t.request({ method: "GET", url })).body.data.map((b: any) => b.reusable);
      return { url: `${url}/${block.id}/reusable`, data: { title: "Team hero" }, caller: "key", effect };
    },
  },
  "PATCH /api/host/pages/:id/blocks/order": {
    status: 200,
    prepare: async (_form, n) => {
      const page = await create(t, "host/pages", { url: `/order-${n}`, title: "Order" });
      const url = `/api/host/pages/${page.id}/blocks`;
      const ids: string[] = [];
      for (const title of ["First", "Second"])
        ids.push(
          (
            await t.request({
              method: "POST",
              url,
              payload: { data: { module: "website-builder", variant: "content-default", content: { title } } },
            })
          ).body.data.id,
        );
      const effect = async () => (await t.request({ method: "GET", url })).body.data.map((b: any) => b.title);
      return { url: `${url}/order`, data: { ids: ids.reverse() }, caller: "key", effect };
    },
  },
  "POST /api/host/pages/:id/duplicate": {
    status: 201,
    prepare: async (_form, n) => {
      const page = await create(t, "host/pages", { url: `/source-${n}`, title: "Source" });
      const url = `/copy-of-${n}`;
      // The copy made under the url and titles the body gave, whatever form carried it.
      const effect = async () => {
        const [copy] = (
          await t.request({
            method: "GET",
            url: `/api/host/pages?filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=${url}`,
          })
        ).body.data;
        return [copy?.url.replace(n, "n"), copy?.title, copy?.isTemplate];
      };
      return {
        url: `/api/host/pages/${page.id}/duplicate`,
        data: { url, title: { en: "Copy", ru: "Копия" }, template: true },
        caller: "key",
        effect,
      };
    },
  },
  "POST /api/rbac/subjects/:id/notify": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `notify-${n}@example.com`);
      return {
        url: `/api/rbac/subjects/${s.subjectId}/notify`,
        data: { subject: "Hello", text: `Hello ${n}` },
        caller: "key",
      };
    },
  },
  "POST /api/rbac/subjects/:id/crm-module/form/request": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `form-${n}@example.com`);
      return { url: `/api/rbac/subjects/${s.subjectId}/crm-module/form/request`, data: { formId, name: n }, caller: s };
    },
  },
  "POST /api/rbac/subjects/:id/crm-module/form/:formId/request": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await register(t, `form-id-${n}@example.com`);
      return {
        url: `/api/rbac/subjects/${s.subjectId}/crm-module/form/${formId}/request`,
        data: { name: n },
        caller: s,
      };
    },
  },
  "POST /api/crm/forms/:id/requests": {
    status: 201,
    prepare: async (_form, n) => ({ url: `/api/crm/forms/${formId}/requests`, data: { name: n }, caller: "anonymous" }),
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/orders": {
    status: 201,
    prepare: async (_form, n) => {
      const s = await shopper(t, `cart-${n}@example.com`);
      return { url: `${s.base}/orders`, data: { productId: c.shoes.id, quantity: 2 }, caller: s };
    },
  },
  "PATCH /api/rbac/subjects/:id/ecommerce-module/orders/:orderId": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `cart-edit-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      return {
        url: `${s.base}/orders/${order.id}`,
        data: { ordersToProducts: [{ id: order.ordersToProducts[0].id, quantity: 3 }] },
        caller: s,
      };
    },
  },
  "PATCH /api/ecommerce/orders/:id/orders-to-products/:lineId": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `line-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      return {
        url: `/api/ecommerce/orders/${order.id}/orders-to-products/${order.ordersToProducts[0].id}`,
        data: { quantity: 4 },
        caller: s,
      };
    },
  },
  "PUT /api/ecommerce/products/:id/prices": {
    status: 200,
    prepare: async (_form, n) => {
      const product = await create(t, "ecommerce/products", { adminTitle: `Priced ${n}` });
      const url = `/api/ecommerce/products/${product.id}/prices`;
      const effect = async () => (await t.request({ method: "GET", url })).body.data.prices;
      return { url, data: { prices: [{ currencyId: c.usd.id, amount: "3.30" }] }, caller: "key", effect };
    },
  },
  "POST /api/ecommerce/products/editor": {
    status: 201,
    prepare: async (_form, n) => ({
      url: "/api/ecommerce/products/editor",
      data: editorForm(`Edited ${n}`),
      caller: "key",
    }),
  },
  "PUT /api/ecommerce/products/:id/editor": {
    status: 200,
    prepare: async (_form, n) => {
      const product = await create(t, "ecommerce/products", { adminTitle: `To edit ${n}` });
      const url = `/api/ecommerce/products/${product.id}/editor`;
      const effect = async () => {
        const { product: p, prices, attributes } = (await t.request({ method: "GET", url })).body.data;
        return { title: p.title, stock: p.stock, prices, attributes };
      };
      return { url, data: editorForm("Edited"), caller: "key", effect };
    },
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/orders/checkout": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `checkout-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      return {
        url: `${s.base}/orders/checkout`,
        data: { ...checkoutData(`checkout-${n}@example.com`), ecommerceModule: { orders: [{ id: order.id }] } },
        caller: s,
      };
    },
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/orders/quote": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `quote-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      return {
        url: `${s.base}/orders/quote`,
        data: {
          billingModule: { currency: { id: c.usd.id } },
          shippingAddress: { country: "DE" },
          discountCodes: ["none-such"],
          ecommerceModule: { orders: [{ id: order.id }] },
        },
        caller: s,
      };
    },
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/orders/:orderId/checkout": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `order-checkout-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      return {
        url: `${s.base}/orders/${order.id}/checkout`,
        data: checkoutData(`order-checkout-${n}@example.com`),
        caller: s,
      };
    },
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/products/:productId/checkout": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `buy-now-${n}@example.com`);
      return {
        url: `${s.base}/products/${c.shoes.id}/checkout`,
        data: { ...checkoutData(`buy-now-${n}@example.com`), quantity: 1 },
        caller: s,
      };
    },
  },
  "POST /api/rbac/subjects/:id/ecommerce-module/products/:productId/quote": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `buy-now-quote-${n}@example.com`);
      return {
        url: `${s.base}/products/${c.shoes.id}/quote`,
        data: { quantity: 2, shippingAddress: { country: "DE" }, discountCodes: ["none-such"] },
        caller: s,
      };
    },
  },
  // The order desk's partial refund of a paid order: the amount read alike from every body form.
  "POST /api/ecommerce/orders/:id/refund": {
    status: 200,
    prepare: async (_form, n) => {
      const s = await shopper(t, `refund-${n}@example.com`);
      const order = await addToCart(s, c.shoes.id);
      const { pay } = await dummyCheckout(t, s, [order.id], c.usd.id, `refund-${n}@example.com`);
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      const url = `/api/ecommerce/orders/${order.id}/refund`;
      const effect = async () =>
        (await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}/desk` })).body.data.refunded;
      return { url, data: { amount: "1.00" }, caller: "key", effect };
    },
  },
  "POST /api/file-storage/files/create-from-url": {
    status: 201,
    prepare: async (_form, n) => ({
      url: "/api/file-storage/files/create-from-url",
      data: { url: `${filesOrigin}/notes-${n}.txt` },
      caller: "key",
    }),
  },
  "POST /api/admin/webhooks": {
    status: 201,
    prepare: async (_form, n) => ({
      url: "/api/admin/webhooks",
      // A public address as an IP literal: the SSRF guard passes it with no DNS.
      data: { url: `https://93.184.215.14/hook-${n}`, events: ["ecommerce.order.*"] },
      caller: "key",
    }),
  },
  "POST /api/file-storage/files/generate": {
    status: 201,
    prepare: async (_form, n) => ({
      url: "/api/file-storage/files/generate",
      data: { variant: "generate-template-opengraph-image-default", title: `Title ${n}`, siteName: "Shop" },
      caller: "key",
    }),
  },
  // A live stream's heartbeat naming a stream not open here: read alike, each is the same 404
  // (a body not read would be 400 "No data"). The stream itself is tests/admin/live-stream.test.ts's.
  "POST /api/admin/live/presence": {
    status: 404,
    prepare: async (_form, n) => ({
      url: "/api/admin/live/presence",
      data: { stream: randomUUID(), record: null },
      caller: await admin(`live-${n}`),
    }),
  },
};

const auditEntries = async () =>
  Number((await t.database.run<{ n: string }>(`SELECT count(*) AS n FROM admin_audit_entries`, []))[0]!.n);

/** A signed-in admin: an account given the admin role with the secret key. */
async function admin(name: string): Promise<SignedIn> {
  const session = await register(t, `${name}@example.com`);
  const roles = await t.request({
    method: "GET",
    url: `/api/rbac/roles?filters[and][0][column]=uid&filters[and][0][method]=eq&filters[and][0][value]=${ADMIN_ROLE}`,
  });
  await t.request({
    method: "POST",
    url: "/api/rbac/subjects-to-roles",
    payload: { data: { subjectId: session.subjectId, roleId: roles.body.data[0].id } },
  });
  return session;
}

describe(`every module write route reads the three body forms alike, on ${testDialect}`, () => {
  beforeAll(async () => {
    files = createServer((req, res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end(`notes at ${req.url}\n`),
    );
    await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
    filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    storage = await localStorage({ fetchAllowedAddresses: ["127.0.0.1"] });
    t = await createTestApp({ dataDir: storage.dataDir, fileStorage: storage.settings });
    c = await catalogue(t);
    formId = (await create(t, "crm/forms", { slug: "contact" })).id;
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
    await new Promise((resolve) => files.close(resolve));
  });

  it("has a case for every module write route the app has, and none for a route it does not", () => {
    // A generic route a module registers itself instead (register-crud-routes.ts then skips its own):
    // a webhook's create answers its secret once (server/modules/admin/webhooks/webhook-routes.ts).
    const MODULE_OWNED = new Set(["POST /api/admin/webhooks"]);
    // The generic routes of every model; /import (a file part, not a `data` body) is tested in tests/transfer.
    // x-drafts models' publish, unpublish and restore (no body) and schedule (the generic body reader) are generic too.
    const drafted = (m: { published?: unknown }) =>
      m.published ? ["/:id/publish", "/:id/unpublish", "/:id/schedule", "/:id/versions/:versionId/restore"] : [];
    const generic = new Set(
      t.app.registry.exposed.flatMap((m) =>
        ["", "/bulk", "/find-or-create", "/:id", "/import", ...drafted(m)].map((end) => `/api/${m.id}${end}`),
      ),
    );
    const discovered = ["POST", "PATCH", "PUT", "DELETE"]
      .flatMap((method) => routesOf(t.app, method).map((r) => ({ ...r, key: `${method} ${r.url}` })))
      .filter((r) => r.url.startsWith("/api/") && (!generic.has(r.url) || MODULE_OWNED.has(r.key)));
    expect(discovered.length).toBeGreaterThan(20);
    const withData = discovered.map((r) => r.key).filter((key) => !WITHOUT_DATA.has(key));
    expect(
      withData.filter((key) => !(key in cases)),
      "module routes with no case here",
    ).toEqual([]);
    expect(
      Object.keys(cases).filter((key) => !withData.includes(key)),
      "cases for routes the app no longer has",
    ).toEqual([]);
    expect(
      [...UNAUDITED_MODULE_ROUTES.keys()].filter((key) => !(key in cases)),
      "unaudited routes with no case",
    ).toEqual([]);
  });

  it.each(Object.keys(cases))("%s: the same answer and effect in every form", async (key) => {
    const method = key.split(" ")[0]!;
    const answers: Record<string, unknown> = {};
    for (const form of FORMS) {
      const call = await cases[key]!.prepare(form, `${form}-${key.length}`);
      const logged = await auditEntries();
      const response = await request(method, call, await bodyIn(form, call.data));
      // The audit log (docs/audit.md): a module write that succeeds leaves its entry, unless listed with
      // why; a route may write after its answer (forgot-password answers at once, whoever asks).
      await t.app.rbac.background.settled();
      if (response.status < 300 && !UNAUDITED_MODULE_ROUTES.has(key))
        expect(await auditEntries(), `${key} (${form}) left no audit entry`).toBeGreaterThan(logged);
      answers[form] = {
        status: response.status,
        ...(response.status >= 400 ? { message: response.body.message } : {}),
        ...(call.effect ? { effect: await call.effect() } : {}),
      };
    }
    const expected = answers.json as { status: number };
    expect(expected.status, JSON.stringify(answers)).toBe(cases[key]!.status);
    expect(answers).toEqual({ json: expected, urlencoded: expected, multipart: expected });
  });

  it("logout revokes the refresh token in every form, and still takes the original client's bare body and no body at all", async () => {
    const revoked: Record<string, number> = {};
    for (const form of [...FORMS, "bare JSON", "bare urlencoded", "no body"] as const) {
      const s = await register(t, `logout-forms-${form.replace(/ /g, "-")}@example.com`);
      const body =
        form === "bare JSON"
          ? { payload: { refresh: s.refresh } }
          : form === "bare urlencoded"
            ? {
                payload: new URLSearchParams({ refresh: s.refresh }).toString(),
                headers: { "content-type": "application/x-www-form-urlencoded" },
              }
            : form === "no body"
              ? {}
              : await bodyIn(form, { refresh: s.refresh });
      // Without a body the session to end is the caller's own (its bearer token).
      const response = await request(
        "POST",
        { url: `${AUTH}/logout`, data: undefined, caller: form === "no body" ? s : "anonymous" },
        body as never,
      );
      expect(response.status, form).toBe(200);
      revoked[form] = await refreshStatus(s.refresh);
    }
    expect(
      Object.values(revoked).every((status) => status === 401),
      JSON.stringify(revoked),
    ).toBe(true);
  });

  it("the form request's formId beside data (the original system's documented form) is read in every form too", async () => {
    const statuses: Record<string, number> = {};
    for (const form of FORMS) {
      const s = await register(t, `beside-${form}@example.com`);
      const data = { name: form };
      const body =
        form === "json"
          ? { payload: { data, formId } }
          : form === "urlencoded"
            ? {
                payload: new URLSearchParams({ data: JSON.stringify(data), formId }).toString(),
                headers: { "content-type": "application/x-www-form-urlencoded" },
              }
            : await multipart(data, {}, { formId });
      statuses[form] = (
        await request(
          "POST",
          { url: `/api/rbac/subjects/${s.subjectId}/crm-module/form/request`, data, caller: s },
          body as never,
        )
      ).status;
    }
    expect(statuses).toEqual({ json: 201, urlencoded: 201, multipart: 201 });
  });
});
