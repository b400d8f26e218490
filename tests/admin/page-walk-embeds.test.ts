import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModels, type AdminModel } from "../../engine/admin/admin-model.js";
import { EXTERNAL_WIDGETS, RelationGraph } from "../../engine/query/relation-graph.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * Every relation hop the page loader walks (server/site/load-page.ts: from a page down through
 * RelationGraph.childrenOf, a host widget's link into any module's widgets) must be editable from
 * its parent's form: the parent's admin model embeds that relation as a sub-table. A hop missing
 * here is content an editor could only reach by opening the relation's own table.
 */
describe(`the admin's embeds cover the page loader's walk, on ${testDialect}`, () => {
  let t: TestApp;
  let graph: RelationGraph;
  let admin: Map<string, AdminModel>;
  /** What a visitor's page may include (the loader walks only these): app.site.access. */
  let readable: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    graph = new RelationGraph(t.app.registry);
    admin = new Map(adminModels(t.app.registry).map((m) => [m.id, m]));
    readable = await t.app.site.access.readableModels();
  });
  afterAll(() => t.close());

  /** Relation id → its parent model, for every hop reachable from host/pages. */
  function walkedHops(): Map<string, string> {
    const hops = new Map<string, string>();
    const seen = new Set<string>();
    const queue = ["host/pages"];
    while (queue.length) {
      const model = queue.shift()!;
      if (seen.has(model)) continue;
      seen.add(model);
      for (const relation of graph.childrenOf(model)) {
        // The loader's own test (load-page.ts LoadWalk.run): a relation a visitor may read, to a child they may read.
        if (!readable.has(relation.id) || (relation.id !== EXTERNAL_WIDGETS && !readable.has(relation.child.model)))
          continue;
        hops.set(relation.id, model);
        // Relations of relations (stores-to-products-to-attributes) walk from the relation's rows.
        queue.push(relation.id);
        if (relation.id === EXTERNAL_WIDGETS)
          queue.push(
            ...t.app.registry.exposed.filter((m) => m.name === "widgets" && m.module !== "host").map((m) => m.id),
          );
        else queue.push(relation.child.model);
      }
    }
    return hops;
  }

  it("walks the block tree (a sanity check of the walk itself)", () => {
    const hops = walkedHops();
    expect(hops.get("host/pages-to-widgets")).toBe("host/pages");
    expect(hops.get(EXTERNAL_WIDGETS)).toBe("host/widgets");
    expect(hops.get("website-builder/widgets-to-features")).toBe("website-builder/widgets");
  });

  it("has each hop in its parent's embeds, the host widget's external-widget link included", () => {
    const missing = [...walkedHops()]
      .filter(([relation, parent]) => !admin.get(parent)?.embeds.some((e) => e.relation === relation))
      .map(([relation, parent]) => `${parent} ⇢ ${relation}`);
    expect(missing).toEqual([]);
    expect(admin.get("host/widgets")!.embeds).toEqual([
      {
        relation: EXTERNAL_WIDGETS,
        parentKey: "widgetId",
        childKey: "externalWidgetId",
        childModel: "{externalModule}/widgets",
      },
    ]);
  });
});
