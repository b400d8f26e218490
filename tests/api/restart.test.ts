import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv, paths } from "../../server/config.js";
import { generate } from "../../engine/codegen/generate.js";
import { entity, tempProject } from "../helpers/temp-project.js";
import { SECRET } from "../helpers/test-app.js";

// The embedded default keeps its data in DATA_DIR: what was written is there after a restart,
// and starting again applies no migration twice.
describe("embedded database in DATA_DIR", () => {
  it("keeps data across a restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"));
    const config = { ...configFromEnv({}), dataDir, rbacSecretKey: SECRET, logLevel: "silent" };
    try {
      const first = await composeApp(config, { logger: false });
      const created = await first.inject({
        method: "POST",
        url: "/api/blog/articles?publish=true",
        headers: { "x-rbac-secret-key": SECRET },
        payload: { data: { title: { en: "Kept", ru: "Сохранено" } } },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      await first.close();

      const second = await composeApp(config, { logger: false });
      const read = await second.inject({ method: "GET", url: `/api/blog/articles/${id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ slug: "kept", title: { en: "Kept", ru: "Сохранено" } });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// docs/extending.md "Adding an entity": a developer adds an entity by dropping a schema file into schemas/ and
// restarting; start-up writes the migration (to be committed) and serves the new routes.
describe("a schema file added without npm run generate", () => {
  it("gets its migration, table and routes on the next start in development, and stops production", async () => {
    const project = tempProject({ "shop/things.json": entity("shop/things") }, { withProjectSchemas: true });
    const dataDir = mkdtempSync(join(tmpdir(), "data-"));
    const config = {
      ...configFromEnv({}),
      dataDir,
      rbacSecretKey: SECRET,
      logLevel: "silent",
      schemasDir: project.schemasDir,
      migrationsDir: project.migrationsDir,
      generatedDir: project.generatedDir,
    };
    try {
      await generate(project);
      project.write(
        "shop/coupons.json",
        entity("shop/coupons", { percent: { type: "integer", minimum: 1, maximum: 100, default: 10 } }),
      );
      await expect(composeApp({ ...config, production: true }, { logger: false })).rejects.toThrow(
        /no migration: run npm run generate/,
      );

      const app = await composeApp(config, { logger: false });
      const created = await app.inject({
        method: "POST",
        url: "/api/shop/coupons",
        headers: { "x-rbac-secret-key": SECRET },
        payload: { data: { percent: 15 } },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.percent).toBe(15);
      await app.close();
      // The project's migrations, then shop/things' (npm run generate) and shop/coupons' (the start).
      const sqlFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".sql"));
      const before = sqlFiles(paths.migrations);
      const after = sqlFiles(project.migrationsDir);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length)).toEqual([
        expect.stringMatching(/^\d{4}_schema_change\.sql$/),
        expect.stringMatching(/^\d{4}_schema_change\.sql$/),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      project.cleanup();
    }
  });
});
