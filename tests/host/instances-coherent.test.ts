import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTransaction } from "../../engine/query/transaction.js";
import { buildWidgetPage } from "../../server/seed/widget-page.js";
import { createInstances, serverUrl, until, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, subjectOf } from "../rbac/helpers.js";

/** What every instance must reflect once a change made through another is answered. */
const WITHIN_MS = 1_000;
const key = { "x-rbac-secret-key": SECRET };
/** A route no default role may read: a granted role's permission opens it. */
const GUARDED = "/api/blog/articles-to-website-builder-module-widgets";

// Three instances over one PostgreSQL database, each with caches of its own: the revoked
// sign-ins, the permissions and the subjects' roles (server/modules/rbac), the rendered pages
// and the sitemap (server/site), the shop's shipping and tax rates (server/modules/ecommerce/pricing). Each case is made through A after B and C (and A) have read,
// and so cached, the state before; each of the three must then answer the new state within a
// second, which only the change feed's LISTEN/NOTIFY (server/plugins/shared-changes.ts) tells
// B and C of. The second is a deadline the product promises, not a measure of speed.
// PGlite is one process: server only.
describe.skipIf(!serverUrl)("three instances: a change through one counts on every one within a second", () => {
  let instances: Instances;
  let a: FastifyInstance;
  const names = ["A", "B", "C"] as const;

  beforeAll(async () => {
    instances = await createInstances(3);
    a = instances.apps[0]!;
  });
  afterAll(() => instances?.close());

  let counter = 0;
  const unique = (base: string) => `${base}-${++counter}`;
  const post = async (path: string, data: object) => {
    const answer = await a.inject({ method: "POST", url: path, headers: key, payload: { data } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data;
  };
  const signUp = async () => {
    const answer = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: `${unique("someone")}@example.com`, password: PASSWORD },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data.jwt as string;
  };
  /** A role of its own holding GET on the guarded route; `held` gives it to the subject. */
  const roleFor = async (jwt: string, held: boolean) => {
    const role = await post("/api/rbac/roles", { title: unique("Readers"), uid: unique("readers") });
    const permission = await post("/api/rbac/permissions", { method: "GET", path: `${GUARDED}/**`, type: "HTTP" });
    const grant = await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    const holding = held
      ? await post("/api/rbac/subjects-to-roles", { subjectId: subjectOf(jwt), roleId: role.id })
      : undefined;
    return { role, grant, holding };
  };
  const remove = async (path: string) => {
    const answer = await a.inject({ method: "DELETE", url: path, headers: key });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  /**
   * A case: `arrange` makes its records through A and answers how an instance reads the state
   * (`read`, a short string) and the change to make through A; each instance reads `before`
   * first (and keeps it cached), then `after` within the second.
   */
  interface Case {
    name: string;
    before: string;
    after: string;
    arrange(): Promise<{
      read(app: FastifyInstance): Promise<string>;
      change(): Promise<void>;
      /** Whether the instance answers from its cache now (a rendered page says so in X-Cache). */
      cached?(app: FastifyInstance): Promise<boolean>;
    }>;
  }

  const status = (response: LightMyRequestResponse) => String(response.statusCode);
  const guarded = (jwt: string) => async (app: FastifyInstance) =>
    status(await app.inject({ method: "GET", url: GUARDED, headers: bearer(jwt) }));

  const ACCESS: Case[] = [
    {
      name: "a logout through A: the sign-in's token is refused",
      before: "200",
      after: "401",
      async arrange() {
        const jwt = await signUp();
        return {
          read: async (app) => status(await app.inject({ method: "GET", url: `${AUTH}/me`, headers: bearer(jwt) })),
          async change() {
            const answer = await a.inject({ method: "POST", url: `${AUTH}/logout`, headers: bearer(jwt), payload: {} });
            expect(answer.statusCode, answer.body).toBe(200);
          },
        };
      },
    },
    {
      name: "a role granted through A: the subject is let in",
      before: "403",
      after: "200",
      async arrange() {
        const jwt = await signUp();
        const { role } = await roleFor(jwt, false);
        return {
          read: guarded(jwt),
          change: async () =>
            void (await post("/api/rbac/subjects-to-roles", { subjectId: subjectOf(jwt), roleId: role.id })),
        };
      },
    },
    {
      name: "a role taken away through A: the subject is refused",
      before: "200",
      after: "403",
      async arrange() {
        const jwt = await signUp();
        const { holding } = await roleFor(jwt, true);
        return { read: guarded(jwt), change: () => remove(`/api/rbac/subjects-to-roles/${holding.id}`) };
      },
    },
    {
      name: "a permission taken from the subject's role through A: the subject is refused",
      before: "200",
      after: "403",
      async arrange() {
        const jwt = await signUp();
        const { grant } = await roleFor(jwt, true);
        return { read: guarded(jwt), change: () => remove(`/api/rbac/roles-to-permissions/${grant.id}`) };
      },
    },
  ];

  /** A page at a fresh url (a layout, a navbar and two widgets), written through A's repositories. */
  const page = async (title: string) => {
    const url = `/${unique("coherent")}`;
    const built = await runTransaction(a.database, a.repositories, (repo) => buildWidgetPage(repo, url, 2, title));
    return { url, ...built };
  };
  const fromCache = (url: string) => async (app: FastifyInstance) =>
    (await app.inject({ method: "GET", url })).headers["x-cache"] === "HIT";
  /** A page's answer as a visitor gets it: its status and its title. */
  const visit = (url: string) => async (app: FastifyInstance) => {
    const answer = await app.inject({ method: "GET", url });
    return `${answer.statusCode} ${/<title>([^<]*)<\/title>/.exec(answer.body)?.[1] ?? ""}`;
  };
  const patch = async (path: string, data: object) => {
    const answer = await a.inject({ method: "PATCH", url: path, headers: key, payload: { data } });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  const CONTENT: Case[] = [
    {
      name: "a page's title edited through A: the cached page shows the new one",
      before: "200 Before the edit",
      after: "200 Edited through A",
      async arrange() {
        const { url } = await page("Before the edit");
        const metadata = (await a.inject({ method: "GET", url: "/api/host/metadata?limit=1000", headers: key }))
          .json()
          .data.find((m: { title: string }) => m.title === "Before the edit");
        return {
          read: visit(url),
          cached: fromCache(url),
          change: () => patch(`/api/host/metadata/${metadata.id}`, { title: "Edited through A" }),
        };
      },
    },
    {
      name: "a page moved to another address through A: the cached page at the old one is gone",
      before: "200 Moving",
      after: "404 ",
      async arrange() {
        const { url, pageId } = await page("Moving");
        return {
          // The not-found page's title says nothing of the page: only its status is compared.
          read: async (app) => (await visit(url)(app)).replace(/^404 .*/, "404 "),
          cached: fromCache(url),
          change: () => patch(`/api/host/pages/${pageId}`, { url: `${url}-moved` }),
        };
      },
    },
    {
      name: "a page added through A: the cached sitemap lists it",
      before: "not listed",
      after: "listed",
      async arrange() {
        const url = `/${unique("coherent")}`;
        return {
          read: async (app) => {
            const answer = await app.inject({ method: "GET", url: "/sitemap.xml" });
            expect(answer.statusCode).toBe(200);
            return answer.body.includes(`${url}</loc>`) ? "listed" : "not listed";
          },
          change: async () => {
            await runTransaction(a.database, a.repositories, (repo) => buildWidgetPage(repo, url, 1, "Added"));
          },
        };
      },
    },
  ];

  /** A priced product that ships, in a currency of its own, in a new subject's cart; its quote's delivery is read. */
  const SHOP: Case[] = [
    {
      name: "a shipping rate's price changed through A: every quote charges the new one",
      before: "4.90",
      after: "6.10",
      async arrange() {
        const currency = await post("/api/billing/currencies", {
          slug: unique("coin"),
          adminTitle: "Coin",
          decimals: 2,
        });
        const priceKey = await post("/api/ecommerce/attribute-keys", {
          adminTitle: "Price",
          type: "price",
          field: "number",
        });
        const product = await post("/api/ecommerce/products?publish=true", {
          adminTitle: unique("Parcel"),
          title: { en: "Parcel" },
          shipping: "required",
        });
        const attribute = await post("/api/ecommerce/attributes", { number: "10.00", string: {} });
        await post("/api/ecommerce/attribute-keys-to-attributes", {
          attributeKeyId: priceKey.id,
          attributeId: attribute.id,
        });
        await post("/api/ecommerce/attributes-to-billing-module-currencies", {
          attributeId: attribute.id,
          billingModuleCurrencyId: currency.id,
        });
        await post("/api/ecommerce/products-to-attributes?publish=true", {
          productId: product.id,
          attributeId: attribute.id,
        });
        const rate = await post("/api/ecommerce/shipping-rates", {
          title: { en: "Standard" },
          countries: ["DE"],
          currencyId: currency.id,
          amount: "4.90",
        });
        const jwt = await signUp();
        const cart = `/api/rbac/subjects/${subjectOf(jwt)}/ecommerce-module/orders`;
        const added = await a.inject({
          method: "POST",
          url: cart,
          headers: bearer(jwt),
          payload: { data: { productId: product.id } },
        });
        expect(added.statusCode, added.body).toBe(201);
        const orderId = added.json().data.subjectsToEcommerceModuleOrders[0].order.id;
        return {
          read: async (app) => {
            const answer = await app.inject({
              method: "POST",
              url: `${cart}/quote`,
              headers: bearer(jwt),
              payload: {
                data: {
                  billingModule: { currency: { id: currency.id } },
                  shippingAddress: { country: "DE" },
                  ecommerceModule: { orders: [{ id: orderId }] },
                },
              },
            });
            expect(answer.statusCode, answer.body).toBe(200);
            return answer.json().data.shipping;
          },
          change: () => patch(`/api/ecommerce/shipping-rates/${rate.id}`, { amount: "6.10" }),
        };
      },
    },
  ];

  it.each([...ACCESS, ...CONTENT, ...SHOP])("$name, on each of A, B and C within a second", async (c) => {
    const { read, change, cached } = await c.arrange();
    // Each instance reads the state before (the arrangement reaches B and C a moment later) and
    // keeps what it read: a page is read until its answer came from the cache.
    for (const app of instances.apps) {
      expect(await until(async () => (await read(app)) === c.before)).toBe(true);
      if (cached) expect(await until(() => cached(app))).toBe(true);
    }
    for (const app of instances.apps) expect(await read(app)).toBe(c.before);
    await change();
    // Counted from the change's answer: all three are watched at once.
    const reached = await Promise.all(
      instances.apps.map(async (app) =>
        (await until(async () => (await read(app)) === c.after, WITHIN_MS)) ? "yes" : "no",
      ),
    );
    expect(Object.fromEntries(names.map((name, i) => [name, reached[i]]))).toEqual({ A: "yes", B: "yes", C: "yes" });
  });
});
