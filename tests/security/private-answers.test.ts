import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createRecord, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

const PRIVATE = "private, no-store";
const AUTH = "/api/rbac/subjects/authentication";

// docs/security.md, "Private answers": an answer made for one caller — a session's, the secret
// key's, an order link's — is `private, no-store`, so neither a shared cache nor a shared
// computer's browser keeps it for the next person; answers that are the same for everyone keep
// the Cache-Control their routes give them.
describe(`private answers on ${testDialect}`, () => {
  let t: TestApp;
  let jwt: string;
  let orderLink: string;

  beforeAll(async () => {
    t = await createTestApp();
    const signedUp = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      key: null,
      payload: { login: "cache@example.com", password: "correct horse battery" },
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    jwt = signedUp.body.data.jwt;
    const order = await createRecord(t, "/api/ecommerce/orders", {
      type: "history",
      status: "paying",
      receipt: "",
      email: "buyer@example.com",
    });
    orderLink = `/api/ecommerce/order-links/${order.id}?token=${t.app.shop.links.token(order.id)}`;
    const page = await buildPage(t, "/cached-page", 1, "Cached page");
    expect((await t.request({ method: "POST", url: `/api/host/pages/${page.pageId}/publish` })).status).toBe(200);
  });
  afterAll(() => t.close());

  const bearer = () => ({ authorization: `Bearer ${jwt}` });
  const cookie = () => ({ cookie: `rbac.subject.jwt=${jwt}` });

  type Case = [
    what: string,
    request: () => {
      method: "GET" | "POST";
      url: string;
      headers?: Record<string, string>;
      payload?: Record<string, unknown>;
    },
    status: number,
  ];
  const privateCases: Case[] = [
    ["the signed-in subject (bearer)", () => ({ method: "GET", url: `${AUTH}/me`, headers: bearer() }), 200],
    ["the signed-in subject (session cookie)", () => ({ method: "GET", url: `${AUTH}/me`, headers: cookie() }), 200],
    ["an order link's order, email and address", () => ({ method: "GET", url: orderLink }), 200],
    ["an order link refused", () => ({ method: "GET", url: orderLink.replace(/token=.*/, "token=nope") }), 403],
    [
      "a list read with the secret key",
      () => ({ method: "GET", url: "/api/blog/articles", headers: { "x-rbac-secret-key": SECRET } }),
      200,
    ],
    [
      "a list read by a signed-in subject",
      () => ({ method: "GET", url: "/api/blog/articles", headers: bearer() }),
      200,
    ],
    ["a guest's first session (sets the cookie)", () => ({ method: "GET", url: `${AUTH}/init` }), 200],
    [
      "a sign-in",
      () => ({
        method: "POST",
        url: `${AUTH}/email-and-password/authentication`,
        payload: { login: "cache@example.com", password: "correct horse battery" },
      }),
      200,
    ],
    [
      "an expired or forged session's refusal",
      () => ({ method: "GET", url: `${AUTH}/me`, headers: { authorization: "Bearer not-a-jwt" } }),
      401,
    ],
  ];

  it.each(privateCases)("%s: private, no-store", async (_what, make, status) => {
    const answer = await t.app.inject(make());
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.headers["cache-control"]).toBe(PRIVATE);
  });

  const ownCases: [what: string, url: string, headers: () => Record<string, string>, expected: RegExp | undefined][] = [
    ["an anonymous API list", "/api/blog/articles", () => ({}), undefined],
    ["a published page, anonymous", "/cached-page", () => ({}), /^public, max-age=0, s-maxage=\d+/],
    ["a published page, signed in (the page's own private answer)", "/cached-page", cookie, /^private, no-store$/],
    ["a public file-like answer, signed in", "/favicon.svg", cookie, /^public, /],
    [
      "the API reference's asset, with the secret key",
      "/api/docs/reference.js",
      () => ({ "x-rbac-secret-key": SECRET }),
      /^no-cache$/,
    ],
  ];

  it.each(ownCases)("%s: the route's own Cache-Control", async (_what, url, headers, expected) => {
    const answer = await t.app.inject({ method: "GET", url, headers: headers() });
    expect(answer.statusCode).toBe(200);
    if (expected) expect(answer.headers["cache-control"]).toMatch(expected);
    else expect(answer.headers["cache-control"]).toBeUndefined();
  });
});
