import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { entity, tempProject } from "../helpers/temp-project.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { importFile } from "./transfer-helpers.js";

// An import whose rows name other rows of the same file: a model referring to itself (a section's
// parent). Foreign keys are checked as each row is written, so the import writes a row after the
// row it names, and where rows name each other in a circle, sets an optional reference once every
// row is in, all in one transaction. A circle of required references is refused, row by row.

const SECTIONS = "shop/sections";
const NODES = "shop/nodes";

describe(`an import whose rows refer to rows later in the file, on ${testDialect}`, () => {
  const project = tempProject(
    {
      "shop/sections.json": entity(SECTIONS, {
        parentId: { type: "string", format: "uuid", "x-references": { model: SECTIONS, onDelete: "cascade" } },
        relatedId: { type: "string", format: "uuid", "x-references": { model: SECTIONS, onDelete: "set null" } },
      }),
      "shop/nodes.json": entity(
        NODES,
        { rootId: { type: "string", format: "uuid", "x-references": { model: NODES, onDelete: "cascade" } } },
        { required: ["rootId"] },
      ),
    },
    { withProjectSchemas: true },
  );
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      schemasDir: project.schemasDir,
      migrationsDir: project.migrationsDir,
      generatedDir: project.generatedDir,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    project.cleanup();
  });
  beforeEach(async () => {
    for (const model of [SECTIONS, NODES]) {
      for (const row of (await t.request({ method: "GET", url: `/api/${model}?limit=1000` })).body.data)
        await t.request({ method: "DELETE", url: `/api/${model}/${row.id}` });
    }
  });

  const list = async (model: string) =>
    (await t.request({ method: "GET", url: `/api/${model}?limit=1000` })).body.data as Record<string, any>[];
  const parentsOf = async (model: string, field: string) =>
    Object.fromEntries((await list(model)).map((r) => [r.slug, r[field]]));

  test("a child listed before its parent (CSV): the parent is written first", async () => {
    const [child, parent, grandparent] = [randomUUID(), randomUUID(), randomUUID()];
    const csv = [
      "id,slug,parentId,title.en",
      `${child},child,${parent},Child`,
      `${parent},parent,${grandparent},Parent`,
      `${grandparent},grandparent,,Top`,
    ].join("\n");
    const dry = await importFile(t, SECTIONS, csv, "sections.csv", "dryRun=true");
    expect(dry.body.data).toEqual({ create: [1, 2, 3], update: [], rejected: [] });
    const { status, body } = await importFile(t, SECTIONS, csv, "sections.csv");
    expect(body).toEqual({ data: { created: 3, updated: 0 } });
    expect(status).toBe(200);
    expect(await parentsOf(SECTIONS, "parentId")).toEqual({ child: parent, parent: grandparent, grandparent: null });
  });

  test("rows naming each other in a circle (JSON): the optional references are set once all rows are in", async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const records = [
      { id: a, slug: "a", parentId: b, relatedId: c, updatedAt: "2021-05-06T07:08:09.000Z" },
      { id: b, slug: "b", parentId: c },
      { id: c, slug: "c", parentId: a, relatedId: c },
    ];
    const started = Date.now() - 1000;
    const { status, body } = await importFile(t, SECTIONS, JSON.stringify(records), "sections.json");
    expect(body).toEqual({ data: { created: 3, updated: 0 } });
    expect(status).toBe(200);
    expect(await parentsOf(SECTIONS, "parentId")).toEqual({ a: b, b: c, c: a });
    expect(await parentsOf(SECTIONS, "relatedId")).toEqual({ a: c, b: null, c });
    // A row set in two steps, like every imported row, has the import's own updatedAt, not the file's.
    expect(Date.parse((await list(SECTIONS)).find((r) => r.slug === "a")!.updatedAt)).toBeGreaterThan(started);
  });

  test("an update naming a row the file creates further down", async () => {
    const existing = (await t.request({ method: "POST", url: `/api/${SECTIONS}`, payload: { data: { slug: "old" } } }))
      .body.data;
    const fresh = randomUUID();
    const records = [
      { id: existing.id, slug: "old", parentId: fresh },
      { id: fresh, slug: "fresh" },
    ];
    const dry = await importFile(t, SECTIONS, JSON.stringify(records), "sections.json", "dryRun=true");
    expect(dry.body.data).toEqual({ create: [2], update: [1], rejected: [] });
    expect((await importFile(t, SECTIONS, JSON.stringify(records), "sections.json")).body).toEqual({
      data: { created: 1, updated: 1 },
    });
    expect(await parentsOf(SECTIONS, "parentId")).toEqual({ old: fresh, fresh: null });
  });

  test("a required reference: rows in an order that works are written, a row naming itself too", async () => {
    const [root, leaf] = [randomUUID(), randomUUID()];
    const records = [
      { id: leaf, slug: "leaf", rootId: root },
      { id: root, slug: "root", rootId: root },
    ];
    const { status, body } = await importFile(t, NODES, JSON.stringify(records), "nodes.json");
    expect(body).toEqual({ data: { created: 2, updated: 0 } });
    expect(status).toBe(200);
    expect(await parentsOf(NODES, "rootId")).toEqual({ leaf: root, root });
  });

  test("a circle of required references is refused, each of its rows saying why, and nothing is written", async () => {
    const [a, b, root] = [randomUUID(), randomUUID(), randomUUID()];
    const records = [
      { id: root, slug: "root", rootId: root },
      { id: a, slug: "a", rootId: b },
      { id: b, slug: "b", rootId: a },
    ];
    const reason = (other: number) =>
      `/rootId names row ${other} of this file, and the rows' required references go round in a circle: none of them can be written first`;
    const dry = await importFile(t, NODES, JSON.stringify(records), "nodes.json", "dryRun=true");
    expect(dry.body.data).toEqual({
      create: [1],
      update: [],
      rejected: [
        { row: 2, reasons: [reason(3)] },
        { row: 3, reasons: [reason(2)] },
      ],
    });
    const { status, body } = await importFile(t, NODES, JSON.stringify(records), "nodes.json");
    expect(status).toBe(400);
    expect(body.message).toBe(`Validation error: nothing was imported: row 2: ${reason(3)}; row 3: ${reason(2)}`);
    expect(await list(NODES)).toEqual([]);
  });

  test("a reference to a row neither in the file nor in the database still names its row", async () => {
    const records = [
      { id: randomUUID(), slug: "fine" },
      { id: randomUUID(), slug: "orphan", parentId: randomUUID() },
    ];
    const { status, body } = await importFile(t, SECTIONS, JSON.stringify(records), "sections.json");
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Validation error: row 2: /);
    expect(await list(SECTIONS)).toEqual([]);
  });
});
