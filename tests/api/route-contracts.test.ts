import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routesOf } from "../helpers/route-table.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, bearer, register } from "../rbac/helpers.js";

// A hand-written route declares its params, query and body once (server/modules/route.ts)
// and that one declaration both checks the request and documents it. Before, the checkout routes
// checked a body the OpenAPI document did not mention at all.

const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
/** The API reference's own routes: the document and its viewer. */
const REFERENCE = /^\/api\/(openapi\.json|docs(\/.*)?)$/;
/** Module write routes that take no body. */
// Pay now takes no body: the order and its invoice say everything.
const BODILESS = new Set([
  "post /api/ecommerce/orders/clear-old-orders",
  "post /api/rbac/subjects/{id}/ecommerce-module/orders/{orderId}/pay",
  "post /api/ecommerce/order-links/{orderId}/pay",
  "post /api/rbac/subjects/{id}/ecommerce-module/orders/{orderId}/back-to-cart",
  "post /api/ecommerce/orders/{id}/resend-receipt",
  "post /api/ecommerce/products/{id}/editor/publish",
  "post /api/host/pages/{id}/blocks/{blockId}/duplicate",
  "post /api/host/pages/{id}/blocks/{blockId}/detach",
  "post /api/admin/webhooks/{id}/roll-secret",
  "post /api/admin/webhooks/{id}/test",
  "post /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver",
]);
const SUBJECT = "/api/rbac/subjects/{id}/ecommerce-module";

let t: TestApp;
let document: any;
const template = (url: string) => url.replace(/:(\w+)/g, "{$1}");
/** An x-drafts model's generic publishing routes (engine/codegen/openapi.ts documents them; publish and unpublish take no body). */
const drafted = (m: { published?: unknown }) =>
  m.published ? ["/{id}/publish", "/{id}/unpublish", "/{id}/schedule"] : [];

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: "GET", url: "/api/openapi.json", key: null })).body;
});
afterAll(() => t.close());

describe(`Route declarations and the OpenAPI document on ${testDialect}`, () => {
  it("documents every /api route the app has, but the generic ones and the reference's own", () => {
    const generic = new Set(
      t.app.registry.exposed.flatMap((m) =>
        ["", "/count", "/{id}", "/bulk", "/find-or-create"].map((end) => `/api/${m.id}${end}`),
      ),
    );
    const registered = METHODS.flatMap((method) => routesOf(t.app, method))
      .filter((r) => r.url.startsWith("/api/") && !REFERENCE.test(r.url) && !generic.has(template(r.url)))
      .map((r) => `${r.method.toLowerCase()} ${template(r.url)}`);
    expect(registered.length).toBeGreaterThan(40);
    const undocumented = registered.filter((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return !document.paths[path]?.[method];
    });
    expect(undocumented).toEqual([]);
  });

  it("documents the body of every module route that takes one", () => {
    const generic = new Set(
      t.app.registry.exposed.flatMap((m) =>
        ["", "/{id}", "/bulk", "/find-or-create", ...drafted(m)].map((end) => `/api/${m.id}${end}`),
      ),
    );
    // Restoring a version acts on the record as it is: no body.
    const restore = /^\/api\/[^/]+\/[^/]+\/\{id\}\/versions\/\{versionId\}\/restore$/;
    const writes = Object.entries<any>(document.paths)
      .filter(([path]) => !generic.has(path) && !restore.test(path))
      .flatMap(([path, item]) =>
        ["post", "patch", "put"]
          .filter((method) => item[method])
          .map((method) => ({ key: `${method} ${path}`, operation: item[method] })),
      );
    expect(writes.length).toBeGreaterThan(20);
    const without = writes.filter((w) => !BODILESS.has(w.key) && !w.operation.requestBody).map((w) => w.key);
    expect(without).toEqual([]);
    for (const key of BODILESS) expect(writes.find((w) => w.key === key)?.operation.requestBody, key).toBeUndefined();
  });

  it("documents the three checkouts' bodies with the provider list, the payer's email and what is bought", () => {
    const providers = t.app.shop.checkout.providers.defined;
    expect(providers).toEqual(expect.arrayContaining(["stripe", "dummy"]));
    const dataOf = (path: string) => {
      const body = document.paths[path]?.post?.requestBody;
      expect(body, path).toBeDefined();
      expect(body.required, path).toBe(true);
      return body.content["application/json"].schema.properties.data;
    };
    const cart = dataOf(`${SUBJECT}/orders/checkout`);
    expect(cart.properties.provider.enum).toEqual([...providers]);
    expect(cart.properties.email).toMatchObject({ type: "string", format: "email" });
    expect(cart.properties.billingModule.properties.currency.properties.id).toMatchObject({ format: "uuid" });
    expect(cart.properties.ecommerceModule.properties.orders).toMatchObject({ type: "array", minItems: 1 });
    expect(cart.required).toEqual(expect.arrayContaining(["email", "ecommerceModule"]));
    // Without a currency the default one is charged (the original client's checkout).
    expect(cart.required).not.toContain("billingModule");
    for (const path of [`${SUBJECT}/orders/{orderId}/checkout`, `${SUBJECT}/products/{productId}/checkout`]) {
      const data = dataOf(path);
      expect(data.properties.provider.enum, path).toEqual([...providers]);
      expect(data.properties.email, path).toMatchObject({ format: "email" });
      expect(data.properties.billingModule, path).toBeDefined();
    }
    expect(JSON.stringify(document.paths)).not.toContain("x-message");
  });

  it("documents path parameters with the format they are checked by, and query parameters", () => {
    const checkout = document.paths[`${SUBJECT}/products/{productId}/checkout`].post;
    expect(checkout.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      { name: "productId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
    ]);
    const orders = document.paths[`${SUBJECT}/orders`].get;
    expect(orders.parameters).toContainEqual({
      name: "type",
      in: "query",
      required: false,
      schema: { type: "string", enum: ["cart", "history"] },
    });
    const revalidate = document.paths["/api/revalidation/revalidate"].get;
    expect(revalidate.parameters).toContainEqual(
      expect.objectContaining({ name: "path", in: "query", required: true }),
    );
    // A parameter no checker describes (the provider's own name) is a plain string.
    expect(document.paths["/api/billing/payment-intents/{provider}/webhook"].post.parameters).toEqual([
      { name: "provider", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(document.paths["/api/rbac/subjects/{id}/identities/{identityId}"].delete.requestBody.required).toBe(false);
  });
});

/** A body that breaks the route's documented schema, and the 400 message the route has always answered it with. */
interface BadBody {
  method: "POST" | "PATCH" | "DELETE";
  path: string;
  payload: unknown;
  message: string;
}

const id = randomUUID();
const other = randomUUID();
const ORDERS = `/api/rbac/subjects/${id}/ecommerce-module/orders`;
const checkout = {
  provider: "stripe",
  email: "payer@example.com",
  billingModule: { currency: { id } },
  ecommerceModule: { orders: [{ id }] },
};

const badBodies: BadBody[] = [
  {
    method: "POST",
    path: `${AUTH}/email-and-password/registration`,
    payload: { login: "nobody", password: "long enough" },
    message: "/login must be a valid email",
  },
  {
    method: "POST",
    path: `${AUTH}/email-and-password/authentication`,
    payload: { login: "someone@example.com" },
    message: "password is required",
  },
  { method: "POST", path: `${AUTH}/logout`, payload: { redirectTo: 5 }, message: "/redirectTo must be string" },
  {
    method: "POST",
    path: `${ORDERS}/checkout`,
    payload: { data: { ...checkout, provider: "bogus" } },
    message: "/provider Invalid provider",
  },
  {
    method: "POST",
    path: `${ORDERS}/checkout`,
    payload: { data: { ...checkout, ecommerceModule: undefined } },
    message: "ecommerceModule is required",
  },
  {
    method: "POST",
    path: `${ORDERS}/${other}/checkout`,
    payload: { data: { email: "not an email" } },
    message: "/email must be a valid email",
  },
  {
    method: "POST",
    path: `/api/rbac/subjects/${id}/ecommerce-module/products/${other}/checkout`,
    payload: { data: { email: "payer@example.com", quantity: 0 } },
    message: "/quantity must be a positive integer",
  },
  {
    method: "POST",
    path: ORDERS,
    payload: { data: { productId: "shoes" } },
    message: "/productId productId is required",
  },
  {
    method: "PATCH",
    path: `${ORDERS}/${other}`,
    payload: { data: { ordersToProducts: [{ id: other, quantity: 0 }] } },
    message: "/ordersToProducts/0/quantity must be a positive integer",
  },
  {
    method: "PATCH",
    path: `/api/ecommerce/orders/${id}/orders-to-products/${other}`,
    payload: { data: { quantity: "two" } },
    message: "/quantity must be a positive integer",
  },
  {
    method: "PATCH",
    path: `/api/rbac/subjects/${id}/identities/${other}`,
    payload: { data: { email: "nope" } },
    message: "/email must be a valid email",
  },
  {
    method: "PATCH",
    path: `/api/rbac/subjects/${id}/change-password`,
    payload: { password: "short", newPassword: "short too" },
    message: "/password must be 8 to 256 characters",
  },
  {
    method: "POST",
    path: `/api/rbac/subjects/${id}/notify`,
    payload: { data: { subject: "Hi", text: "there", sendAfter: "tomorrow" } },
    message: '/sendAfter must match format "date-time"',
  },
  {
    method: "POST",
    path: `/api/rbac/subjects/${id}/notify`,
    payload: { data: [1] },
    message: "/data must be an object",
  },
  { method: "POST", path: `/api/crm/forms/${id}/requests`, payload: { data: [1] }, message: "/data must be an object" },
  {
    method: "POST",
    path: "/api/file-storage/files/generate",
    payload: { data: { variant: 5 } },
    message: "variant is required",
  },
];

describe(`A body against a route's documented schema gets the route's own 400 on ${testDialect}`, () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);

  it.each(badBodies)("$method $path: $message", async ({ method, path, payload, message }) => {
    // The template the path matches with the fewest parameters: /files/generate, not /files/{id}.
    const matching = Object.keys(document.paths).filter((p) =>
      new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
    );
    const [best] = matching.sort((a, b) => a.split("{").length - b.split("{").length);
    const documented = document.paths[best!]?.[method.toLowerCase()];
    const schema = documented?.requestBody?.content["application/json"].schema;
    expect(schema, `${method} ${path} documents its body`).toBeDefined();
    expect(ajv.validate(schema, payload), "the payload breaks the documented schema").toBe(false);
    const response = await t.request({ method, url: path, payload: payload as object });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Validation error: ${message}`);
  });

  it("answers no body at all with No data where the body is required", async () => {
    const response = await t.request({ method: "POST", url: `${ORDERS}/checkout` });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Validation error: No data");
  });

  it("still answers who may not call (401, 403) before reading a bad body", async () => {
    const anonymous = await t.request({
      method: "POST",
      url: "/api/rbac/identity/email-and-password",
      key: null,
      payload: { data: { email: "nope" } },
    });
    expect(anonymous.status).toBe(401);
    const s = await register(t, "contracts-someone@example.com");
    const asOther = await t.request({
      method: "POST",
      url: `/api/rbac/subjects/${id}/crm-module/form/request`,
      key: null,
      headers: bearer(s.jwt),
      payload: { data: [1] },
    });
    expect(asOther.status).toBe(403);
  });
});
