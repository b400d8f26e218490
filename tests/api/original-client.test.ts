// The original client's requests, built as its SDK builds them (qs with encodeValuesOnly, a
// multipart `data` part, its headers), each with the answer that client reads. One table row per
// request shape of the compatibility issue; our own forms of the same calls stay beside them.
import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, register, signIn, type SignedIn } from "../rbac/helpers.js";
import { create, productWithPrices } from "../ecommerce/shop-fixture.js";

const SUBJECTS = "/api/rbac/subjects";
const AUTH = `${SUBJECTS}/authentication`;
/** What the client's response reader takes for an expired session (it then signs the visitor out). */
const SESSION_STATE = /unauthorized|token required|no session|authorization error|no subject provided in the token|invalid token issued/i;

type Who = "anonymous" | "ann" | "bea" | "admin" | "secret";

interface Context {
  ann: SignedIn;
  bea: SignedIn;
  admin: SignedIn;
  home: string;
  articleTemplate: string;
  formId: string;
  categories: Record<string, any>[];
  product: Record<string, any>;
  currency: Record<string, any>;
  /** Set by the order/create row, read by the checkout row. */
  orderId?: string;
}

interface Shape {
  point: number;
  name: string;
  who: Who;
  method: "GET" | "POST" | "PATCH";
  /** The path; the query is built from `params` as the client does, `?` included when it is empty. */
  path: (c: Context) => string;
  params?: (c: Context) => Record<string, unknown>;
  /** Sent as the client's FormData: one `data` part holding JSON. */
  data?: (c: Context) => unknown;
  /** Our own JSON body form, for the rows that show it still works. */
  json?: (c: Context) => unknown;
  status: number;
  expect: (body: any, c: Context) => void;
}

/** `{host}{route}?{qs}` exactly as the SDK's actions build it. */
const clientUrl = (path: string, params?: Record<string, unknown>) => `${path}?${qs.stringify(params, { encodeValuesOnly: true })}`;

/** The SDK's prepareFormDataToSend: the data as one JSON `data` part. */
async function formData(data: unknown) {
  const form = new FormData();
  form.append("data", JSON.stringify(data));
  const request = new Request("http://x/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

const filters = (...and: Record<string, unknown>[]) => ({ filters: { and } });

const shapes: Shape[] = [
  // 1. is-authorized
  {
    point: 1, name: "is-authorized, nested permission, allowed", who: "ann", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ permission: { route: "/api/blog/articles", method: "GET", type: "HTTP" } }),
    status: 200, expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    point: 1, name: "is-authorized, nested permission, a subject's own route", who: "ann", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: (c) => ({ permission: { route: `${SUBJECTS}/${c.ann.subjectId}/identities`, method: "GET", type: "HTTP" } }),
    status: 200, expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    point: 1, name: "is-authorized, nested permission, denied to a subject: 403 saying no more", who: "ann", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: (c) => ({ permission: { route: `${SUBJECTS}/${c.bea.subjectId}/identities`, method: "GET", type: "HTTP" } }),
    status: 403,
    expect: (body) => {
      expect(body).toMatchObject({ status: 403, code: "PERMISSION_ERROR", message: "Permission error: not authorized", error: "Permission error: not authorized", cause: [] });
    },
  },
  {
    point: 1, name: "is-authorized, nested permission, denied to an anonymous caller: 403", who: "anonymous", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ permission: { route: "/api/rbac/roles", method: "POST", type: "HTTP" } }),
    status: 403, expect: (body) => expect(body.message).toBe("Permission error: not authorized"),
  },
  {
    point: 1, name: "is-authorized with the secret key: ok without other checks", who: "secret", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    status: 200, expect: (body) => expect(body).toEqual({ data: { ok: true } }),
  },
  {
    point: 1, name: "is-authorized, our flat form still answers true or false", who: "ann", method: "GET",
    path: () => `${AUTH}/is-authorized`,
    params: () => ({ route: "/api/blog/articles", method: "POST" }),
    status: 200, expect: (body) => expect(body).toEqual({ data: false }),
  },

  // 2. Pages
  {
    point: 2, name: "host pages urls: concrete addresses, one per article", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/urls",
    status: 200,
    expect: (body, c) => {
      const urls = body.data.urls.map((u: { url: string }) => u.url);
      expect(urls).toEqual(expect.arrayContaining(["/", "/blog", "/blog/articles/hello-world", "/blog/articles/second-post"]));
      expect(urls.filter((u: string) => u.includes("["))).toEqual([]);
      expect(body.data.urls).toContainEqual({ id: c.articleTemplate, url: "/blog/articles/hello-world", segments: ["blog", "articles", "hello-world"] });
    },
  },
  {
    point: 2, name: "website-builder pages urls: the same answer", who: "anonymous", method: "GET",
    path: () => "/api/website-builder/pages/urls",
    status: 200, expect: (body, c) => expect(body.data.urls.map((u: { url: string }) => u.url)).toEqual([`/shop/${c.product.slug}`]),
  },
  {
    point: 2, name: "pages urls?templates=true: our page rows' own urls", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/urls", params: () => ({ templates: "true" }),
    status: 200, expect: (body) => expect(body.data.map((u: { url: string }) => u.url)).toContain("/blog/articles/[blog.articles.slug]"),
  },
  {
    point: 2, name: "find-by-url?url=index is the home page", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/find-by-url", params: () => ({ url: "index" }),
    status: 200, expect: (body, c) => expect(body.data).toMatchObject({ id: c.home, url: "/" }),
  },
  {
    point: 2, name: "find-by-url without a url is the home page", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/find-by-url",
    status: 200, expect: (body, c) => expect(body.data.id).toBe(c.home),
  },
  {
    point: 2, name: "url-segment-value of a segment the url has", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/url-segment-value", params: () => ({ url: "/blog/articles/hello-world", segment: "blog.articles.slug" }),
    status: 200, expect: (body) => expect(body).toEqual({ data: "hello-world" }),
  },
  {
    point: 2, name: "url-segment-value of a segment the url does not have: 200, no value", who: "anonymous", method: "GET",
    path: () => "/api/host/pages/url-segment-value", params: () => ({ url: "/blog", segment: "blog.articles.slug" }),
    status: 200, expect: (body) => expect(body).toEqual({ data: null }),
  },

  // 3. The subject's CRM form request
  {
    point: 3, name: "subject form request on the client's path", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ name: "Ann", email: "ann@example.com", message: "Hello" }),
    status: 201,
    expect: (body, c) => {
      expect(body.data).toMatchObject({ id: c.ann.subjectId, data: { name: "Ann", email: "ann@example.com", message: "Hello" } });
      expect(body.data.request).toMatchObject({ formId: c.formId, payload: { name: "Ann", email: "ann@example.com", message: "Hello" } });
    },
  },
  {
    point: 3, name: "subject form request on SPEC.md's path, formId in data", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/request`,
    data: (c) => ({ formId: c.formId, message: "From the spec's path" }),
    status: 201,
    expect: (body, c) => expect(body.data.request).toMatchObject({ formId: c.formId, payload: { message: "From the spec's path" } }),
  },
  {
    point: 3, name: "subject form request for another subject: 403", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.bea.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "As someone else" }),
    status: 403, expect: (body) => expect(body.message).toMatch(/^Permission error/),
  },
  {
    point: 3, name: "subject form request for another subject by an admin: 403 (only as the caller)", who: "admin", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "As ann" }),
    status: 403, expect: (body) => expect(body.message).toMatch(/^Permission error/),
  },
  {
    point: 3, name: "subject form request, anonymous: 401", who: "anonymous", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/${c.formId}/request`,
    data: () => ({ message: "Nobody" }),
    status: 401, expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    point: 3, name: "subject form request for an unknown form: 404", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/crm-module/form/00000000-0000-4000-8000-000000000000/request`,
    data: () => ({ message: "Lost" }),
    status: 404, expect: (body) => expect(body.message).toMatch(/^Not Found error/),
  },

  // 4. Filters as the client sends them
  {
    point: 4, name: "ilike with a bare word is a substring", who: "anonymous", method: "GET",
    path: () => "/api/blog/articles", params: () => filters({ column: "title->>en", method: "ilike", value: "hello" }),
    status: 200, expect: (body) => expect(body.data.map((a: any) => a.slug)).toEqual(["hello-world"]),
  },
  {
    point: 4, name: "like with a bare word is a substring", who: "anonymous", method: "GET",
    path: () => "/api/blog/articles", params: () => filters({ column: "slug", method: "like", value: "second" }),
    status: 200, expect: (body) => expect(body.data.map((a: any) => a.slug)).toEqual(["second-post"]),
  },
  {
    point: 4, name: "inArray with an empty list (qs drops it) matches nothing", who: "anonymous", method: "GET",
    path: () => "/api/blog/articles", params: () => filters({ column: "id", method: "inArray", value: [] }),
    status: 200, expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    point: 4, name: "eq on a uuid column with a slug matches nothing", who: "anonymous", method: "GET",
    path: () => "/api/blog/articles", params: () => filters({ column: "id", method: "eq", value: "hello-world" }),
    status: 200, expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    point: 4, name: "count with eq on a uuid column and a slug is 0", who: "anonymous", method: "GET",
    path: () => "/api/blog/articles/count", params: () => filters({ column: "id", method: "eq", value: "hello-world" }),
    status: 200, expect: (body) => expect(body).toEqual({ data: 0 }),
  },

  // 5. Bulk bodies
  {
    point: 5, name: "bulk create with [{ data }] items", who: "secret", method: "POST",
    path: () => "/api/ecommerce/categories/bulk",
    data: () => [{ data: { slug: "wrapped-1" } }, { data: { slug: "wrapped-2", title: { en: "Wrapped" } } }],
    status: 201,
    expect: (body) => expect(body.data.map((r: any) => [r.slug, r.title])).toEqual([["wrapped-1", {}], ["wrapped-2", { en: "Wrapped" }]]),
  },
  {
    point: 5, name: "bulk update with [{ id, data }] items", who: "secret", method: "PATCH",
    path: () => "/api/ecommerce/categories/bulk",
    data: (c) => c.categories.map((r, i) => ({ id: r.id, data: { slug: `renamed-${i}` } })),
    status: 200, expect: (body, c) => expect(body.data.map((r: any) => [r.id, r.slug])).toEqual(c.categories.map((r, i) => [r.id, `renamed-${i}`])),
  },
  {
    point: 5, name: "bulk create, our flat form still", who: "secret", method: "POST",
    path: () => "/api/ecommerce/categories/bulk",
    json: () => ({ data: [{ slug: "flat-1" }] }),
    status: 201, expect: (body) => expect(body.data.map((r: any) => r.slug)).toEqual(["flat-1"]),
  },

  // 6. Error bodies the client can show
  {
    point: 6, name: "a validation error carries its whole message in error", who: "secret", method: "POST",
    path: () => "/api/ecommerce/categories",
    data: () => ({ slug: 5 }),
    status: 400,
    expect: (body) => {
      expect(body).toEqual({
        status: 400, error: "Validation error: /slug must be string", code: "VALIDATION_ERROR", message: "Validation error: /slug must be string",
        cause: [{ path: "/slug", message: "must be string" }], requestId: expect.any(String),
      });
    },
  },
  {
    point: 6, name: "a wrong password names the problem, and does not read as an expired session", who: "anonymous", method: "POST",
    path: () => `${AUTH}/email-and-password/authentication`,
    data: () => ({ login: "ann@example.com", password: "not the password" }),
    status: 401,
    expect: (body) => {
      expect(body).toMatchObject({ status: 401, code: "AUTHENTICATION_ERROR", error: "Authentication error: wrong login or password" });
      expect(body.error).not.toMatch(SESSION_STATE);
    },
  },

  // 7. Revalidation
  {
    point: 7, name: "/api/revalidate?path=&type= by an admin", who: "admin", method: "GET",
    path: () => "/api/revalidate", params: () => ({ path: "/blog", type: "page" }),
    status: 200, expect: (body) => expect(body).toMatchObject({ revalidated: true, now: expect.any(Number), data: { path: "/blog", type: "page" } }),
  },
  {
    point: 7, name: "/api/revalidate?tag= with the secret key", who: "secret", method: "GET",
    path: () => "/api/revalidate", params: () => ({ tag: "/api/blog/articles" }),
    status: 200, expect: (body) => expect(body).toMatchObject({ revalidated: true, now: expect.any(Number) }),
  },
  {
    point: 7, name: "/api/revalidate is closed to anonymous callers", who: "anonymous", method: "GET",
    path: () => "/api/revalidate", params: () => ({ path: "/", type: "layout" }),
    status: 401, expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    point: 7, name: "/api/revalidation/revalidate is closed to anonymous callers", who: "anonymous", method: "GET",
    path: () => "/api/revalidation/revalidate", params: () => ({ path: "/", type: "layout" }),
    status: 401, expect: (body) => expect(body.message).toMatch(/^Authentication error/),
  },
  {
    point: 7, name: "/api/revalidation/revalidate, our form, with the secret key", who: "secret", method: "GET",
    path: () => "/api/revalidation/revalidate", params: () => ({ path: "/", type: "layout" }),
    status: 200, expect: (body) => expect(body.data).toMatchObject({ path: "/", type: "layout", revalidated: expect.any(Number) }),
  },

  // 8. The shop's calls
  {
    point: 8, name: "order/create answers the subject with subjectsToEcommerceModuleOrders[].order", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ productId: c.product.id, quantity: 2 }),
    status: 201,
    expect: (body, c) => {
      expect(body.data.id).toBe(c.ann.subjectId);
      const order = body.data.subjectsToEcommerceModuleOrders[0].order;
      expect(order).toMatchObject({ id: expect.any(String), type: "cart" });
      c.orderId = order.id;
    },
  },
  {
    point: 8, name: "checkout answers billingModule.invoices[0].paymentUrl", who: "ann", method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/checkout`,
    data: (c) => ({ provider: "dummy", email: "ann@example.com", billingModule: { currency: { id: c.currency.id } }, ecommerceModule: { orders: [{ id: c.orderId }] } }),
    status: 200,
    expect: (body) => expect(body.data.billingModule.invoices[0].paymentUrl).toMatch(/^\/billing\/dummy\/pay\//),
  },
];

describe(`the original client's requests on ${testDialect}`, () => {
  let t: TestApp;
  const c = {} as Context;

  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
    c.ann = await register(t, "ann@example.com");
    c.bea = await register(t, "bea@example.com");
    c.admin = await signIn(t, "admin@example.com", "admin password");
    c.home = (await create(t, "host/pages", { url: "/", slug: "home" })).id;
    await create(t, "host/pages", { url: "/blog", slug: "blog" });
    c.articleTemplate = (await create(t, "host/pages", { url: "/blog/articles/[blog.articles.slug]", slug: "article" })).id;
    await create(t, "blog/articles", { slug: "hello-world", title: { en: "Hello, world" } });
    await create(t, "blog/articles", { slug: "second-post", title: { en: "Second post" } });
    c.formId = (await create(t, "crm/forms", { slug: "contact" })).id;
    c.categories = [await create(t, "ecommerce/categories", { slug: "first" }), await create(t, "ecommerce/categories", { slug: "second" })];
    c.currency = await create(t, "billing/currencies", { slug: "usd", symbol: "$", adminTitle: "US dollar", isDefault: true, decimals: 2 });
    const key = await create(t, "ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" });
    c.product = await productWithPrices(t, key, "Shoes", [[c.currency, "19.99"]]);
    await create(t, "website-builder/pages", { url: "/shop/[ecommerce.products.slug]", slug: "product" });
  });
  afterAll(() => t.close());

  const headersOf = (who: Who): Record<string, string> => {
    if (who === "secret") return { "x-rbac-secret-key": SECRET };
    if (who === "anonymous") return {};
    return bearer(c[who].jwt);
  };

  it.each(shapes.map((s) => [`${s.point}. ${s.name}`, s] as const))("%s", async (_, shape) => {
    const headers: Record<string, string> = { ...headersOf(shape.who), ...(shape.method === "GET" ? { "cache-control": "no-store" } : {}) };
    let payload: Buffer | string | undefined;
    if (shape.data) {
      const form = await formData(shape.data(c));
      payload = form.payload;
      headers["content-type"] = form.contentType;
    } else if (shape.json) {
      payload = JSON.stringify(shape.json(c));
      headers["content-type"] = "application/json";
    }
    const answer = await t.request({ method: shape.method, url: clientUrl(shape.path(c), shape.params?.(c)), key: null, headers, payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(shape.status);
    shape.expect(answer.body, c);
  });

  it("covers each point of the issue", () => {
    expect([...new Set(shapes.map((s) => s.point))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("a revalidated tag drops the rendered pages that used that model, and only those", async () => {
    const visit = (url: string) => t.app.inject({ method: "GET", url });
    await visit("/blog/articles/hello-world");
    await visit("/blog");
    expect((await visit("/blog/articles/hello-world")).headers["x-cache"]).toBe("HIT");
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");
    const answer = await t.request({ method: "GET", url: clientUrl("/api/revalidate", { tag: "/api/blog/articles" }) });
    expect(answer.body.revalidated).toBe(true);
    expect((await visit("/blog/articles/hello-world")).headers["x-cache"]).toBe("MISS");
    // The blog page without widgets read no article.
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");
  });
});
