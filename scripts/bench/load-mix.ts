// The traffic of bench:load: which request each connection sends next, by weight, and the
// status each must answer.

export interface Shopper {
  login: string;
  password: string;
  jwt: string;
  subjectId: string;
}

export interface Fixture {
  pages: string[];
  /** `shipping` "required": the checkout sends an address; `stock` null when not counted. */
  products: { id: string; slug: string; shipping: "required" | "none"; stock: number | null }[];
  articles: { id: string }[];
  formId: string;
  shoppers: Shopper[];
  secret: string;
}

export interface PickedRequest {
  scenario: string;
  method: "GET" | "POST" | "PATCH";
  path: string;
  headers: Record<string, string>;
  body?: string;
  expected: number;
}

type Build = (fx: Fixture) => Omit<PickedRequest, "scenario"> | undefined;

/** Contact form requests created so far (the newest few), for the admin to mark handled. */
const createdRequests: string[] = [];
export function rememberCreatedRequest(id: string) {
  createdRequests.push(id);
  if (createdRequests.length > 100) createdRequests.shift();
}

const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const json = { "content-type": "application/json" };
const bearer = (s: Shopper) => ({ authorization: `Bearer ${s.jwt}` });
const SHIPPING_ADDRESS = {
  name: "Ann Buyer",
  line1: "Hauptstraße 1",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
};
const cart = (s: Shopper) => `/api/rbac/subjects/${s.subjectId}/ecommerce-module`;

/** Weight (out of 100) and request of each kind of traffic. */
const MIX: [string, number, Build][] = [
  ["page (en)", 18, (fx) => ({ method: "GET", path: any(fx.pages), headers: {}, expected: 200 })],
  [
    "page (ru)",
    7,
    (fx) => {
      const page = any(fx.pages);
      return { method: "GET", path: page === "/" ? "/ru" : `/ru${page}`, headers: {}, expected: 200 };
    },
  ],
  [
    "product page",
    8,
    (fx) => ({ method: "GET", path: `/ecommerce/products/${any(fx.products).slug}`, headers: {}, expected: 200 }),
  ],
  [
    "API list: products page",
    10,
    () => ({
      method: "GET",
      path: "/api/ecommerce/products?limit=20&orderBy[and][0][column]=createdAt&orderBy[and][0][method]=desc",
      headers: {},
      expected: 200,
    }),
  ],
  [
    "API list: filtered by slug",
    6,
    (fx) => ({
      method: "GET",
      path: `/api/ecommerce/products?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=${any(fx.products).slug}`,
      headers: {},
      expected: 200,
    }),
  ],
  [
    "API get: article",
    8,
    (fx) => ({ method: "GET", path: `/api/blog/articles/${any(fx.articles).id}`, headers: {}, expected: 200 }),
  ],
  [
    "API get: page by url",
    5,
    (fx) => ({
      method: "GET",
      path: `/api/host/pages/find-by-url?url=${encodeURIComponent(any(fx.pages))}`,
      headers: {},
      expected: 200,
    }),
  ],
  [
    "create: contact form request",
    6,
    (fx) => ({
      method: "POST",
      path: `/api/crm/forms/${fx.formId}/requests`,
      headers: json,
      body: JSON.stringify({
        data: { name: "Load test", email: "visitor@example.com", message: "Hello from the load test" },
      }),
      expected: 201,
    }),
  ],
  [
    "update: request handled (admin)",
    4,
    (fx) => {
      const id = createdRequests.length ? any(createdRequests) : undefined;
      if (!id) return undefined;
      return {
        method: "PATCH",
        path: `/api/crm/requests/${id}`,
        headers: { ...json, "x-rbac-secret-key": fx.secret },
        body: JSON.stringify({ data: { variant: "handled" } }),
        expected: 200,
      };
    },
  ],
  [
    "update: product subtitle (admin)",
    1,
    (fx) => ({
      method: "PATCH",
      path: `/api/ecommerce/products/${any(fx.products).id}`,
      headers: { ...json, "x-rbac-secret-key": fx.secret },
      body: JSON.stringify({ data: { subtitle: { en: `Updated ${Date.now()}` } } }),
      expected: 200,
    }),
  ],
  [
    "sign-in",
    2,
    (fx) => {
      const s = any(fx.shoppers);
      return {
        method: "POST",
        path: "/api/rbac/subjects/authentication/email-and-password/authentication",
        headers: json,
        body: JSON.stringify({ login: s.login, password: s.password }),
        expected: 200,
      };
    },
  ],
  [
    "cart: add a product",
    12,
    (fx) => {
      const s = any(fx.shoppers);
      return {
        method: "POST",
        path: `${cart(s)}/orders`,
        headers: { ...json, ...bearer(s) },
        body: JSON.stringify({ data: { productId: any(fx.products).id, quantity: 1 } }),
        expected: 201,
      };
    },
  ],
  [
    "cart: totals",
    7,
    (fx) => {
      const s = any(fx.shoppers);
      return { method: "GET", path: `${cart(s)}/orders/total`, headers: bearer(s), expected: 200 };
    },
  ],
  [
    "checkout: one-step, dummy provider",
    6,
    (fx) => {
      const s = any(fx.shoppers);
      const product = any(fx.products);
      // A product that ships needs an address on its order (docs/shop.md, checkout).
      const address = product.shipping === "required" ? { shippingAddress: SHIPPING_ADDRESS } : {};
      return {
        method: "POST",
        path: `${cart(s)}/products/${product.id}/checkout`,
        headers: { ...json, ...bearer(s) },
        body: JSON.stringify({ data: { provider: "dummy", email: s.login, quantity: 1, ...address } }),
        expected: 200,
      };
    },
  ],
];

export const scenarioNames = () => MIX.map(([name]) => name);
const TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** The next request of a connection: drawn by weight (a draw that cannot be made yet falls to a page). */
export function pickRequest(fx: Fixture): PickedRequest {
  let draw = Math.random() * TOTAL;
  for (const [scenario, weight, build] of MIX) {
    draw -= weight;
    if (draw >= 0) continue;
    const built = build(fx);
    if (built) return { scenario, ...built };
    break;
  }
  return { scenario: MIX[0]![0], ...MIX[0]![2](fx)! };
}
