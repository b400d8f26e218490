import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedNames, readRows, type Snapshot } from "../../engine/query/snapshots.js";
import { RelationGraph } from "../../engine/query/relation-graph.js";
import { ownsTree } from "../../engine/query/snapshots.js";
import { answeredKeys, apiPath, buildBody, createParents } from "../helpers/build-record.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A draft's create keeps its first version in the create's own statement (a companion
// insert, no transaction, no read back). That version must be exactly the one the save used to
// write after reading the row back — every column as the driver reads it (decimals as text,
// timestamps in UTC with milliseconds, dates as text, hidden fields too), the same `changed`.
describe(`a created draft's first version, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("equals the row read back, for every drafted model with every writable field filled", async () => {
    const graph = new RelationGraph(t.app.registry);
    const models = t.app.registry.exposed.filter((m) => m.published);
    expect(models.length).toBeGreaterThan(50);
    const columnTypes = new Set<string>();
    for (const model of models) {
      const parents = await createParents(t, model, { all: true });
      const created = await t.request({
        method: "POST",
        url: apiPath(model),
        payload: { data: buildBody(model, { parents, all: true }) },
      });
      expect(created.status, `${model.id}: ${JSON.stringify(created.body)}`).toBe(201);
      const id = created.body.data.id as string;
      // The statement answers the visible columns only, with the draft's publication.
      expect(Object.keys(created.body.data).sort(), model.id).toEqual(answeredKeys(model));
      expect(created.body.data.publication).toMatchObject({ state: "draft", publishedAt: null });
      const [version] = await t.database.db
        .selectFrom("host_versions")
        .select(["number", "kind", "subjectId", "changed", "snapshot"])
        .where("modelId", "=", model.id)
        .where("recordId", "=", id)
        .execute();
      const [row] = await readRows(t.database.db, model, [id], "working");
      const expected: Snapshot = ownsTree(t.app.registry, graph, model) ? { record: row!, tree: {} } : { record: row! };
      expect({ model: model.id, ...version }).toEqual({
        model: model.id,
        number: 1,
        kind: "save",
        subjectId: null,
        changed: changedNames(undefined, expected),
        snapshot: expected,
      });
      for (const field of model.fields) if (row![field.name] !== null) columnTypes.add(field.column);
    }
    // The comparison saw every kind of column the snapshot turns into text or keeps as JSON.
    expect([...columnTypes].sort()).toEqual(
      expect.arrayContaining(["boolean", "date", "integer", "jsonb", "numeric", "text", "timestamptz", "uuid"]),
    );
  });

  it("answers a conflict or a missing parent as the create alone did, and keeps no version of it", async () => {
    const first = await t.request({
      method: "POST",
      url: "/api/ecommerce/products",
      payload: { data: { title: { en: "Mug" }, slug: "one-mug" } },
    });
    expect(first.status).toBe(201);
    const again = await t.request({
      method: "POST",
      url: "/api/ecommerce/products",
      payload: { data: { title: { en: "Mug" }, slug: "one-mug" } },
    });
    expect([again.status, again.body.code]).toEqual([409, "CONFLICT"]);
    const linkVersions = () =>
      t.database.db.selectFrom("host_versions").select("id").where("modelId", "=", "host/pages-to-widgets").execute();
    const before = await linkVersions();
    const orphan = await t.request({
      method: "POST",
      url: "/api/host/pages-to-widgets",
      payload: { data: { pageId: crypto.randomUUID(), widgetId: crypto.randomUUID() } },
    });
    expect(orphan.status).toBe(400);
    const versions = await t.database.db
      .selectFrom("host_versions")
      .select("recordId")
      .where("modelId", "=", "ecommerce/products")
      .execute();
    expect(versions.filter((v) => v.recordId === first.body.data.id)).toHaveLength(1);
    expect(await linkVersions()).toEqual(before);
  });
});
