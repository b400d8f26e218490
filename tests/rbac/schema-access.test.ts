import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { composeApp } from "../../app/compose-app.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { entity, tempProject } from "../helpers/temp-project.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, register } from "./helpers.js";

// A new entity's default access declared in its schema file (`x-access`), so it shows on the site
// without permission rows added by hand (docs/extending.md "Adding an entity").
describe(`x-access in a schema file grants default access on ${testDialect}`, () => {
  const project = tempProject(
    {
      "shop/notices.json": entity("shop/notices", {}, { title: "Notice", "x-access": { read: "public" } }),
      "shop/member-notes.json": entity(
        "shop/member-notes",
        {},
        { title: "Member note", "x-access": { read: "signed-in" } },
      ),
      "shop/drafts.json": entity("shop/drafts", {}, { title: "Draft" }),
    },
    { withProjectSchemas: true },
  );
  let t: TestApp;
  const read = (url: string, jwt?: string) =>
    t.request({ method: "GET", url, key: null, ...(jwt ? { headers: bearer(jwt) } : {}) });
  beforeAll(async () => {
    t = await createTestApp({
      schemasDir: project.schemasDir,
      migrationsDir: project.migrationsDir,
      generatedDir: project.generatedDir,
    });
    for (const model of ["notices", "member-notes", "drafts"]) {
      const created = await t.request({
        method: "POST",
        url: `/api/shop/${model}`,
        payload: { data: { adminTitle: `A ${model} record`, title: { en: "Hello" } } },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    project.cleanup();
  });

  test.each([
    ["public", "/api/shop/notices", 200, 200],
    ["signed-in", "/api/shop/member-notes", 401, 200],
    ["no keyword", "/api/shop/drafts", 401, 403],
  ])("%s: %s answers a visitor %i and a signed-in subject %i", async (_name, url, anonymous, signedIn) => {
    const { jwt } = await register(t, `reader-${url.split("/").pop()}@example.com`);
    for (const path of [url, `${url}/count`]) {
      expect((await read(path)).status, path).toBe(anonymous);
      expect((await read(path, jwt)).status, path).toBe(signedIn);
    }
    if (anonymous === 200)
      expect((await read(url)).body.data.map((r: { adminTitle: string }) => r.adminTitle)).toEqual([
        "A notices record",
      ]);
  });

  test("the OpenAPI document says who may read each by default", async () => {
    const { paths } = (await t.request({ method: "GET", url: "/api/openapi.json" })).body;
    const access = (path: string, method = "get") => paths[path][method]["x-default-access"];
    expect([
      access("/api/shop/notices"),
      access("/api/shop/notices/{id}"),
      access("/api/shop/member-notes"),
      access("/api/shop/drafts"),
    ]).toEqual(["anyone", "anyone", "signed-in", "permission"]);
    expect(access("/api/shop/notices", "post")).toBe("permission");
  });

  test("read is only read: a visitor may not write a public model", async () => {
    const write = await t.request({
      method: "POST",
      url: "/api/shop/notices",
      key: null,
      payload: { data: { adminTitle: "Spam" } },
    });
    expect(write.status).toBe(401);
  });

  test("an existing database gets the keyword at the next start, once, and an admin's deletion comes back with it", async () => {
    project.write("shop/drafts.json", entity("shop/drafts", {}, { title: "Draft", "x-access": { read: "public" } }));
    const grants = () =>
      t.database.db.selectFrom("rbac_permissions").select("id").where("path", "=", "/api/shop/drafts/**").execute();
    const restart = async () => (await composeApp(t.app.rbac.config, { database: t.database, logger: false })).close();
    expect(await grants()).toHaveLength(0);
    await restart();
    await restart();
    expect(await grants()).toHaveLength(1);
    // An app started after the change serves the entity publicly.
    const again = await composeApp(t.app.rbac.config, { database: t.database, logger: false });
    try {
      expect((await again.inject({ method: "GET", url: "/api/shop/drafts" })).statusCode).toBe(200);
      const [grant] = await grants();
      await t.database.db.deleteFrom("rbac_roles_to_permissions").where("permissionId", "=", grant!.id).execute();
      await t.database.db.deleteFrom("rbac_permissions").where("id", "=", grant!.id).execute();
    } finally {
      await again.close();
    }
    await restart();
    expect(await grants()).toHaveLength(1);
  });

  test.each([
    ["an unknown audience", { read: "everyone" }, "x-access"],
    ["an internal model", { read: "public" }, "x-internal"],
  ])("a schema with x-access for %s stops start-up", (name, access, message) => {
    const broken = tempProject({
      "shop/broken.json": entity(
        "shop/broken",
        {},
        { "x-access": access, ...(name === "an internal model" ? { "x-internal": true } : {}) },
      ),
    });
    try {
      expect(() => loadRegistry(broken.schemasDir)).toThrow(message);
    } finally {
      broken.cleanup();
    }
  });
});
