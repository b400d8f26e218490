import { describe, expect, it } from "vitest";
import { EXTERNAL_WIDGETS, RelationGraph } from "../../engine/query/relation-graph.js";
import { isOwnedKind, linkedKind, OWNED_KINDS } from "../../server/site/host/blocks/block-kinds.js";
import { blockCatalogue, CHILD_KINDS, moduleLabels } from "../../common/site/block-catalogue.js";
import { variantRegistry } from "../../web/site/variants.js";
import { appRegistry } from "../helpers/app-registry.js";

// The composer's palette (common/site/block-catalogue.ts) and the site registry (web/site/variants.ts)
// name the same block variants: a new variant without its palette entry fails here, and so does
// an entry for a variant the site cannot render.
describe("block catalogue", () => {
  const registry = appRegistry();
  const graph = new RelationGraph(registry);
  const modules = registry.get(EXTERNAL_WIDGETS).fieldMap.get("externalModule")!.enum!;
  const registered = Object.entries(variantRegistry)
    .filter(([model]) => model.endsWith("/widgets") && modules.includes(model.split("/")[0]!))
    .flatMap(([model, variants]) => Object.keys(variants).map((variant) => `${model.split("/")[0]}:${variant}`));
  const catalogued = Object.entries(blockCatalogue).flatMap(([module, variants]) =>
    Object.keys(variants).map((variant) => `${module}:${variant}`),
  );

  it("has an entry for every widget variant of a module a host widget can show", () => {
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((v) => !catalogued.includes(v))).toEqual([]);
  });

  it("names no variant the site registry lacks, nor a module a host widget cannot show", () => {
    expect(catalogued.filter((v) => !registered.includes(v))).toEqual([]);
  });

  it("names every module of the palette in en and ru", () => {
    for (const module of Object.keys(blockCatalogue)) expect(moduleLabels[module]?.ru, module).toBeTruthy();
    expect(Object.keys(moduleLabels).sort()).toEqual(Object.keys(blockCatalogue).sort());
  });

  it("gives each entry a label and a one-line description in en and ru, and children kinds the module's widgets can hold", () => {
    for (const [module, variants] of Object.entries(blockCatalogue)) {
      for (const [variant, entry] of Object.entries(variants)) {
        const where = `${module}:${variant}`;
        for (const text of [entry.label.en, entry.label.ru, entry.description.en, entry.description.ru]) {
          expect(text.trim(), where).not.toBe("");
          expect(text, where).not.toContain("\n");
        }
        expect(entry.label.ru, where).not.toBe(entry.label.en);
        for (const kind of entry.children) {
          expect(CHILD_KINDS, where).toContain(kind);
          // Content kinds hang off website-builder widgets; the others through a relation of this module's widgets.
          if (isOwnedKind(kind))
            expect(graph.relations.get(OWNED_KINDS[kind].relation)?.parent.model, where).toBe(`${module}/widgets`);
          else expect(linkedKind(graph, module, kind), `${where} ${kind}`).toBeDefined();
        }
      }
    }
  });
});
