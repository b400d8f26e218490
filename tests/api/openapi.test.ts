import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

describe(`OpenAPI and the API reference on ${testDialect}`, () => {
  let t: TestApp;
  let document: any;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.request({ method: "GET", url: "/api/openapi.json", key: null })).body;
  });
  afterAll(() => t.close());

  it("is OpenAPI 3.1 with every generic route of every model", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const model of t.app.registry.exposed) {
      const base = `/api/${model.id}`;
      expect(Object.keys(document.paths[base]).sort()).toEqual(["get", "post"]);
      expect(Object.keys(document.paths[`${base}/{id}`]).sort()).toEqual(["delete", "get", "patch"]);
      expect(Object.keys(document.paths[`${base}/bulk`]).sort()).toEqual(["patch", "post"]);
      expect(document.paths[`${base}/count`].get).toBeDefined();
      expect(document.paths[`${base}/find-or-create`].post).toBeDefined();
    }
    const generic = new Set(
      t.app.registry.exposed.flatMap((m) =>
        ["", "/count", "/{id}", "/bulk", "/find-or-create"].map((end) => `/api/${m.id}${end}`),
      ),
    );
    // Everything else is a documented module route.
    const others = Object.keys(document.paths).filter((path) => !generic.has(path));
    const moduleTags = new Set([
      ...t.app.registry.models.map((m) => m.module),
      "revalidation",
      "health",
      "admin",
      "search",
    ]);
    for (const path of others)
      expect(
        Object.values<any>(document.paths[path]).every((op) => moduleTags.has(op.tags[0])),
        path,
      ).toBe(true);
  });

  it("lists the Subject API's module routes with the body schemas they check", () => {
    const base = "/api/rbac/subjects/authentication";
    const registration = document.paths[`${base}/email-and-password/registration`].post;
    expect(registration.tags).toEqual(["rbac"]);
    expect(registration.requestBody.content["application/json"].schema).toMatchObject({
      required: ["login", "password"],
      properties: { login: { format: "email" }, password: { minLength: 8 } },
    });
    expect(registration.responses["201"]).toBeDefined();
    expect(JSON.stringify(document.paths)).not.toContain("x-message");
    for (const path of [
      `${base}/init`,
      `${base}/me`,
      `${base}/is-authorized`,
      `${base}/logout`,
      `${base}/refresh`,
      `${base}/email-and-password/authentication`,
      `${base}/email-and-password/forgot-password`,
      `${base}/email-and-password/reset-password`,
      `${base}/ethereum-virtual-machine`,
      `${base}/ethereum-virtual-machine/nonce`,
      "/api/rbac/subjects/{id}/identities",
      "/api/rbac/subjects/{id}/identities/{identityId}",
      "/api/rbac/subjects/{id}/change-password",
      "/api/rbac/identity/{id}/change-password",
      "/api/rbac/identity/email-and-password",
      "/api/rbac/identities/{id}/change-password",
      "/api/rbac/identities/email-and-password",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    // Our flat form, the original client's `permission[route]=…&permission[method]=…` and its newer `action[…]`.
    expect(document.paths[`${base}/is-authorized`].get.parameters.map((p: any) => p.name)).toEqual([
      "route",
      "method",
      "permission",
      "action",
    ]);
  });

  it("describes records without hidden fields, and its schemas compile as JSON Schema 2020-12", () => {
    const identity = document.components.schemas.RbacIdentities;
    expect(Object.keys(identity.properties)).toContain("email");
    expect(Object.keys(identity.properties)).not.toEqual(expect.arrayContaining(["password"]));
    for (const hidden of ["password", "salt", "code"]) {
      expect(identity.properties[hidden]).toBeUndefined();
      expect(document.components.schemas.RbacIdentitiesCreate.properties[hidden]).toBeUndefined();
    }
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: "doc", $defs: document.components.schemas }, "doc");
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.compile({ $ref: `doc#/$defs/${name}` }), name).not.toThrow();
    }
  });

  // Tools need the schemes and each operation's security; "who may call it" is what
  // the seeded (default) permissions decide, checked here against the running app's authorizer.
  it("declares the bearer, session-cookie and secret-key schemes and marks each operation as the seeded permissions decide", async () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "JWT" }),
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: "rbac.subject.jwt" }),
      secretKey: expect.objectContaining({ type: "apiKey", in: "header", name: "X-RBAC-SECRET-KEY" }),
      secretKeyCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "rbac.secret-key" }),
    });
    expect(document.servers).toContainEqual(expect.objectContaining({ url: "/" }));
    const credentials = [{ bearer: [] }, { session: [] }, { secretKey: [] }, { secretKeyCookie: [] }];
    const subject = (await t.request({ method: "POST", url: "/api/rbac/subjects", payload: { data: {} } })).body.data
      .id;
    const { authorizer } = t.app.rbac;
    const seen = { anyone: 0, "signed-in": 0, permission: 0 };
    const operationIds = new Set<string>();
    for (const [template, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${template}`;
        const path = template.replace(/\{[^}]+\}/g, subject);
        const anonymous = await authorizer.allows({ kind: "anonymous" }, method, path);
        const signedIn = await authorizer.allows({ kind: "subject", subjectId: subject }, method, path);
        const access = anonymous ? "anyone" : signedIn ? "signed-in" : "permission";
        expect(operation["x-default-access"], where).toBe(access);
        expect(operation.security, where).toEqual(anonymous ? [{}, ...credentials] : credentials);
        seen[access]++;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(operationIds.has(operation.operationId), `${where}: ${operation.operationId} twice`).toBe(false);
        operationIds.add(operation.operationId);
        expect(
          Object.keys(operation.responses).some((code) => code.startsWith("4")),
          where,
        ).toBe(true);
      }
    }
    expect(seen.anyone).toBeGreaterThan(0);
    expect(seen["signed-in"]).toBeGreaterThan(0);
    expect(seen.permission).toBeGreaterThan(0);
    const auth = "/api/rbac/subjects/authentication";
    expect(document.paths[`${auth}/email-and-password/authentication`].post["x-default-access"]).toBe("anyone");
    expect(document.paths["/api/blog/articles"].get["x-default-access"]).toBe("anyone");
    expect(document.paths["/api/blog/articles"].post["x-default-access"]).toBe("permission");
    // Reading every article is public; dumping the table is not (wildcards never grant export).
    expect(document.paths["/api/blog/articles/export"].get["x-default-access"]).toBe("permission");
    expect(document.paths["/api/blog/articles/import"].post["x-default-access"]).toBe("permission");
    expect(document.paths["/api/rbac/subjects/{id}/change-password"].patch["x-default-access"]).toBe("signed-in");
    expect(document.paths["/api/health"].get["x-default-access"]).toBe("anyone");
    expect(document.paths["/api/admin/models"].get["x-default-access"]).toBe("permission");
    // A rate-limited route says so.
    expect(document.paths[`${auth}/email-and-password/authentication`].post.responses["429"]).toBeDefined();
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it("serves an interactive reference page with its assets from this server", async () => {
    const page = await t.request({ method: "GET", url: "/api/docs", key: null });
    expect(page.status).toBe(200);
    // Its start is a file of its own (the Content-Security-Policy runs no inline script).
    expect(page.body).toContain('<script src="/api/docs/reference.js"></script>');
    const start = await t.app.inject({ method: "GET", url: "/api/docs/reference.js" });
    expect(start.body).toContain('url: "/api/openapi.json"');
    const bundle = await t.app.inject({ method: "GET", url: "/api/docs/swagger-ui-bundle.js" });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-type"]).toMatch(/javascript/);
  });
});
