import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstances, serverUrl, until, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer } from "../rbac/helpers.js";

// Session revocation and members-only content across instances: a sign-in revoked through one instance is refused
// by the other at once (its revocation cache hears of it through LISTEN/NOTIFY), with no query
// per request on either; a link made through one changes what is members-only on the other.
// PostgreSQL server only: PGlite is one process.
describe.skipIf(!serverUrl)("revocations and members-only content on every instance", () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    instances = await createInstances(2);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => instances?.close());

  const me = (app: FastifyInstance, jwt: string) =>
    app.inject({ method: "GET", url: `${AUTH}/me`, headers: bearer(jwt) }).then((r) => r.statusCode);
  const session = async (app: FastifyInstance, login: string, register = false) => {
    const path = register ? "registration" : "authentication";
    return (
      await app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/${path}`,
        payload: { login, password: PASSWORD },
      })
    ).json().data as { jwt: string; refresh: string };
  };

  it("logout on A: B refuses that sign-in's token; another sign-in still works on B", async () => {
    const first = await session(a, "ann@example.com", true);
    const second = await session(b, "ann@example.com");
    expect(await me(b, first.jwt)).toBe(200);
    expect(
      (await a.inject({ method: "POST", url: `${AUTH}/logout`, headers: bearer(first.jwt), payload: {} })).statusCode,
    ).toBe(200);
    expect(await me(a, first.jwt)).toBe(401);
    expect(await until(async () => (await me(b, first.jwt)) === 401)).toBe(true);
    expect(await me(b, second.jwt)).toBe(200);
  });

  it("a password change on B: A refuses every earlier token of the subject", async () => {
    const first = await session(a, "bob@example.com", true);
    expect(await me(a, first.jwt)).toBe(200);
    const subjectId = JSON.parse(Buffer.from(first.jwt.split(".")[1]!, "base64url").toString()).sub;
    const changed = await b.inject({
      method: "PATCH",
      url: `/api/rbac/subjects/${subjectId}/change-password`,
      headers: bearer(first.jwt),
      payload: { password: PASSWORD, newPassword: "bob's new password" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await until(async () => (await me(a, first.jwt)) === 401)).toBe(true);
  });

  it("a refresh token replayed on A ends the sign-in's tokens on B", async () => {
    const first = await session(a, "cy@example.com", true);
    const next = (
      await b.inject({ method: "POST", url: `${AUTH}/refresh`, payload: { refresh: first.refresh } })
    ).json().data;
    expect(await me(b, next.jwt)).toBe(200);
    expect(
      (await a.inject({ method: "POST", url: `${AUTH}/refresh`, payload: { refresh: first.refresh } })).statusCode,
    ).toBe(401);
    expect(await until(async () => (await me(b, next.jwt)) === 401)).toBe(true);
  });

  it("a private widget linked from a public page through A becomes readable on B, and members-only again when unlinked", async () => {
    const key = { "x-rbac-secret-key": SECRET };
    const post = async (url: string, data: object) =>
      (await a.inject({ method: "POST", url, headers: key, payload: { data } })).json().data;
    const article = await post("/api/blog/articles", { slug: "notes" });
    const widget = await post("/api/website-builder/widgets", { slug: "private-notes" });
    await post("/api/blog/articles-to-website-builder-module-widgets", {
      articleId: article.id,
      websiteBuilderModuleWidgetId: widget.id,
    });
    const onB = async () =>
      (await b.inject({ method: "GET", url: `/api/website-builder/widgets/${widget.id}` })).statusCode;
    expect(await until(async () => (await onB()) === 404)).toBe(true);
    const host = await post("/api/host/widgets", { slug: "host-notes" });
    const link = await post("/api/host/widgets-to-external-widgets", {
      widgetId: host.id,
      externalModule: "website-builder",
      externalWidgetId: widget.id,
    });
    expect(await until(async () => (await onB()) === 200)).toBe(true);
    await a.inject({ method: "DELETE", url: `/api/host/widgets-to-external-widgets/${link.id}`, headers: key });
    expect(await until(async () => (await onB()) === 404)).toBe(true);
  });
});
