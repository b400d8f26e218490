// The original client's requests, built as its SDK builds them (qs with encodeValuesOnly, a
// multipart `data` part, a trailing `?`, its headers), each with the answer that client reads: one
// table row per request shape, and at least one row for every call of the original system's API (the
// last test checks that list). Our own forms of the same calls stay beside them.
//
// The app runs with EVM_TIMESTAMP_MESSAGES=true, as docs/api.md says the original frontend needs
// (its wallet sign-in and link sign `Date.now()`); the settings' defaults have their own tests
// (tests/rbac/wallet-original-client.test.ts, session-token-shapes.test.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage, type StorageUnderTest } from "../file-storage/helpers.js";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, register, signIn } from "../rbac/helpers.js";
import { create, productWithPrices } from "../ecommerce/shop-fixture.js";

import { PUBLIC_URL, SPEC_CALLS, clientUrl, formData, type Context, type Who } from "./original-client-sdk.js";

import { shapes } from "./original-client-shapes.js";

describe(`the original client's requests on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let files: Server;
  const c = { saved: {} } as Context;

  beforeAll(async () => {
    files = createServer((request, response) =>
      response.writeHead(200, { "content-type": "text/plain" }).end(`notes at ${request.url}\n`),
    );
    await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
    c.filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    storage = await localStorage({ fetchAllowedAddresses: ["127.0.0.1"] });
    t = await createTestApp({
      adminEmail: "admin@example.com",
      adminPassword: "admin password",
      publicUrl: PUBLIC_URL,
      evmTimestampMessages: true,
      dataDir: storage.dataDir,
      fileStorage: storage.settings,
    });
    c.t = t;
    c.ann = await register(t, "ann@example.com");
    c.bea = await register(t, "bea@example.com");
    c.cy = await register(t, "cy@example.com");
    c.admin = await signIn(t, "admin@example.com", "admin password");
    c.home = (await create(t, "host/pages", { url: "/", slug: "home" })).id;
    await create(t, "host/pages", { url: "/blog", slug: "blog" });
    c.articleTemplate = (
      await create(t, "host/pages", { url: "/blog/articles/[blog.articles.slug]", slug: "article" })
    ).id;
    await create(t, "blog/articles", { slug: "hello-world", title: { en: "Hello, world" } });
    await create(t, "blog/articles", { slug: "second-post", title: { en: "Second post" } });
    c.formId = (await create(t, "crm/forms", { slug: "contact" })).id;
    c.categories = [
      await create(t, "ecommerce/categories", { slug: "first" }),
      await create(t, "ecommerce/categories", { slug: "second" }),
    ];
    c.currency = await create(t, "billing/currencies", {
      slug: "usd",
      symbol: "$",
      adminTitle: "US dollar",
      isDefault: true,
      decimals: 2,
    });
    const key = await create(t, "ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" });
    c.product = await productWithPrices(t, key, "Shoes", [[c.currency, "19.99"]]);
    c.pencil = await productWithPrices(t, key, "Pencil", [[c.currency, "0.10"]]);
    await create(t, "website-builder/pages", { url: "/shop/[ecommerce.products.slug]", slug: "product" });
    await create(t, "notification/topics", { slug: "information" });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    await new Promise((resolve) => files?.close(resolve));
  });

  const headersOf = (who: Who): Record<string, string> => {
    if (who === "secret") return { "x-rbac-secret-key": SECRET };
    if (who === "anonymous") return {};
    return bearer(c[who].jwt);
  };

  it.each(shapes.map((s) => [`${s.call}: ${s.name}`, s] as const))("%s", async (_, shape) => {
    await shape.before?.(c);
    const headers: Record<string, string> = {
      ...headersOf(shape.who),
      ...(shape.method === "GET" ? { "cache-control": "no-store" } : {}),
    };
    let payload: Buffer | string | undefined;
    if (shape.data) {
      const form = await formData(shape.data(c));
      payload = form.payload;
      headers["content-type"] = form.contentType;
    } else if (shape.json) {
      payload = JSON.stringify(shape.json(c));
      headers["content-type"] = "application/json";
    }
    const answer = await t.request({
      method: shape.method,
      url: clientUrl(shape.path(c), shape.params?.(c)),
      key: null,
      headers,
      payload,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(shape.status);
    await shape.expect(answer.body, c);
  });

  it("has a row for every call of the original client's API, and names no other", () => {
    const covered = new Set(shapes.map((s) => s.call));
    expect(SPEC_CALLS.filter((call) => !covered.has(call))).toEqual([]);
    expect(
      [...covered].filter((call) => call !== "error body" && !(SPEC_CALLS as readonly string[]).includes(call)),
    ).toEqual([]);
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
