import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { configFromEnv } from "../../server/config.js";
import { SECRET } from "../helpers/test-app.js";

// The embedded default keeps its data in DATA_DIR: what was written is there after a restart,
// and starting again applies no migration twice.
describe("embedded database in DATA_DIR", () => {
  it("keeps data across a restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"));
    const config = { ...configFromEnv({}), dataDir, rbacSecretKey: SECRET, logLevel: "silent" };
    try {
      const first = await buildApp(config, { logger: false });
      const created = await first.inject({
        method: "POST", url: "/api/blog/articles", headers: { "x-rbac-secret-key": SECRET },
        payload: { data: { title: { en: "Kept", ru: "Сохранено" } } },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      await first.close();

      const second = await buildApp(config, { logger: false });
      const read = await second.inject({ method: "GET", url: `/api/blog/articles/${id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ slug: "kept", title: { en: "Kept", ru: "Сохранено" } });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
