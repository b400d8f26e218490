import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Model } from "../../engine/schema/model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { byId, dependencyOrder, exportText, importFile } from "./transfer-helpers.js";
import { AUDIT_PURGE_JOB } from "../../server/modules/admin/audit/audit-retention.js";

// Moving a site to another database: every model the demo writes is exported from one database
// and imported into an empty one, and the second's records equal the first's, ids and createdAt
// included (updatedAt is the import's own: the time the record changed in this database). The permission tables are seeded by every database itself (their own ids), so they
// are not moved; every other model with demo rows is.

const SEEDED_BY_EVERY_DATABASE = new Set(["rbac/permissions", "rbac/roles", "rbac/roles-to-permissions"]);
/** Each database queues its own audit log purge at start (docs/audit.md): those jobs are not moved either. */
const ownJob = (record: Record<string, unknown>) => record.kind === AUDIT_PURGE_JOB;

let source: TestApp;
let demoModels: Model[];

beforeAll(async () => {
  source = await createTestApp({ seedDemoContent: true });
  const counts = await Promise.all(
    source.app.registry.exposed.map(
      async (m) =>
        [m, (await source.request({ method: "GET", url: `/api/${m.id}/count` })).body.data as number] as const,
    ),
  );
  demoModels = dependencyOrder(
    counts.filter(([m, count]) => count > 0 && !SEEDED_BY_EVERY_DATABASE.has(m.id)).map(([m]) => m),
  );
}, 180_000);
afterAll(() => source?.close());

describe.each(["csv", "json"] as const)("export as %s, import into an empty database", (format) => {
  let target: TestApp;
  beforeAll(async () => {
    target = await createTestApp();
  }, 120_000);
  afterAll(() => target?.close());

  test("gives equal records for every demo model", async () => {
    expect(demoModels.length).toBeGreaterThan(40);
    for (const model of demoModels) {
      const exported = await exportText(source, model.id, `format=${format}`);
      expect(exported.status, model.id).toBe(200);
      const dryRun = await importFile(target, model.id, exported.text, `${model.name}.${format}`, "dryRun=true");
      expect(dryRun.body.data.rejected, model.id).toEqual([]);
      const imported = await importFile(target, model.id, exported.text, `${model.name}.${format}`);
      expect(imported.status, `${model.id}: ${JSON.stringify(imported.body)}`).toBe(200);
      const [before, after] = await Promise.all(
        [source, target].map(async (t) =>
          byId(
            JSON.parse((await exportText(t, model.id, "format=json")).text)
              .filter((record: Record<string, unknown>) => model.id !== "notification/jobs" || !ownJob(record))
              .map(({ updatedAt: _updatedAt, ...record }: Record<string, unknown>) => record),
          ),
        ),
      );
      expect(after, model.id).toEqual(before);
    }
  }, 240_000);
});
