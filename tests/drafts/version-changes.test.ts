import { describe, expect, it } from "vitest";
import { versionChanges, type TreeShape, type VersionChange } from "../../common/drafts/version-changes.js";
import type { Snapshot, SnapshotRow } from "../../engine/query/snapshots.js";

// The comparison of two states of a page's tree (common/drafts/version-changes.ts), case by case:
// each block kind (a hero's texts, a buttons block, a features block), the order of blocks, the
// layout link and the page's own fields, in English and Russian texts.

const rel = (parent: [string, string], child: [string, string]) => ({
  parent: { key: parent[1], model: parent[0] },
  child: { key: child[1], model: child[0] },
});
const SHAPE: TreeShape = {
  model: "host/pages",
  relations: {
    "host/pages-to-widgets": rel(["host/pages", "pageId"], ["host/widgets", "widgetId"]),
    "host/pages-to-layouts": rel(["host/pages", "pageId"], ["host/layouts", "layoutId"]),
    "host/layouts-to-widgets": rel(["host/layouts", "layoutId"], ["host/widgets", "widgetId"]),
    "host/widgets-to-external-widgets": rel(
      ["host/widgets", "widgetId"],
      ["{externalModule}/widgets", "externalWidgetId"],
    ),
    "website-builder/widgets-to-features": rel(
      ["website-builder/widgets", "widgetId"],
      ["website-builder/features", "featureId"],
    ),
    "website-builder/widgets-to-buttons-arrays": rel(
      ["website-builder/widgets", "widgetId"],
      ["website-builder/buttons-arrays", "buttonsArrayId"],
    ),
    "website-builder/buttons-arrays-to-buttons": rel(
      ["website-builder/buttons-arrays", "buttonsArrayId"],
      ["website-builder/buttons", "buttonId"],
    ),
  },
  holders: ["website-builder/buttons-arrays"],
};

const at = "2026-01-01T00:00:00.000Z";
const row = (id: string, fields: Record<string, unknown> = {}): SnapshotRow => ({
  id,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

/** A page: a hero, a buttons block with two buttons, a features block with one card, one layout. */
function page(): Snapshot {
  const block = (n: number, widgetId: string, order: number) => ({
    host: row(`host-${n}`),
    placed: row(`place-${n}`, { pageId: "page", widgetId: `host-${n}`, orderIndex: order }),
    external: row(`ext-${n}`, { widgetId: `host-${n}`, externalModule: "website-builder", externalWidgetId: widgetId }),
  });
  const blocks = [block(1, "hero", 0), block(2, "buttons", 1), block(3, "features", 2)];
  return {
    record: row("page", { url: "/about", title: { en: "About", ru: "О нас" } }),
    tree: {
      "host/pages-to-widgets": blocks.map((b) => b.placed),
      "host/widgets": blocks.map((b) => b.host),
      "host/widgets-to-external-widgets": blocks.map((b) => b.external),
      "website-builder/widgets": [
        row("hero", { variant: "hero-default", title: { en: "Meet the crew", ru: "Знакомьтесь" }, subtitle: {} }),
        row("buttons", { variant: "buttons-default", title: {} }),
        row("features", { variant: "features-default", title: { en: "Why us" } }),
      ],
      "website-builder/widgets-to-buttons-arrays": [row("wba", { widgetId: "buttons", buttonsArrayId: "array" })],
      "website-builder/buttons-arrays": [row("array")],
      "website-builder/buttons-arrays-to-buttons": [
        row("bl-1", { buttonsArrayId: "array", buttonId: "b1", orderIndex: 0 }),
        row("bl-2", { buttonsArrayId: "array", buttonId: "b2", orderIndex: 1 }),
      ],
      "website-builder/buttons": [
        row("b1", { title: { en: "Call us" }, url: "/call" }),
        row("b2", { title: { en: "Write" }, url: "/write" }),
      ],
      "website-builder/widgets-to-features": [row("fl-1", { widgetId: "features", featureId: "f1", orderIndex: 0 })],
      "website-builder/features": [row("f1", { title: { en: "Quality", ru: "Качество" } })],
      "host/pages-to-layouts": [row("pl", { pageId: "page", layoutId: "layout" })],
      "host/layouts": [row("layout", { adminTitle: "Main layout" })],
    },
  };
}

const edit = (change: (s: Snapshot) => void): Snapshot => {
  const s = page();
  change(s);
  return s;
};
const rowOf = (s: Snapshot, model: string, id: string) => s.tree![model]!.find((r) => r.id === id)!;
const hero = { id: "host-1", region: "page", module: "website-builder", variant: "hero-default" };
const buttons = { id: "host-2", region: "page", module: "website-builder", variant: "buttons-default", title: null };
const features = { id: "host-3", region: "page", module: "website-builder", variant: "features-default" };

const cases: { name: string; after: Snapshot; changes: VersionChange[] | ((c: VersionChange[]) => void) }[] = [
  { name: "nothing changed", after: page(), changes: [] },
  {
    name: "the hero's English title",
    after: edit(
      (s) => (rowOf(s, "website-builder/widgets", "hero").title = { en: "Meet the team", ru: "Знакомьтесь" }),
    ),
    changes: [
      {
        kind: "block-field",
        block: { ...hero, title: { en: "Meet the team", ru: "Знакомьтесь" } },
        field: "title",
        language: "en",
        before: "Meet the crew",
        after: "Meet the team",
      },
    ],
  },
  {
    name: "the hero's Russian subtitle, written for the first time",
    after: edit((s) => (rowOf(s, "website-builder/widgets", "hero").subtitle = { ru: "Команда" })),
    changes: (c) =>
      expect(c).toEqual([
        expect.objectContaining({
          kind: "block-field",
          field: "subtitle",
          language: "ru",
          before: "",
          after: "Команда",
        }),
      ]),
  },
  {
    name: "a button's text and link",
    after: edit((s) =>
      Object.assign(rowOf(s, "website-builder/buttons", "b2"), { title: { en: "Write to us" }, url: "/mail" }),
    ),
    changes: [
      {
        kind: "item-field",
        block: buttons,
        item: { model: "website-builder/buttons", id: "b2", title: { en: "Write to us" } },
        field: "title",
        language: "en",
        before: "Write",
        after: "Write to us",
      },
      {
        kind: "item-field",
        block: buttons,
        item: { model: "website-builder/buttons", id: "b2", title: { en: "Write to us" } },
        field: "url",
        before: "/write",
        after: "/mail",
      },
    ],
  },
  {
    name: "buttons reordered",
    after: edit((s) => {
      rowOf(s, "website-builder/buttons-arrays-to-buttons", "bl-1").orderIndex = 2;
    }),
    changes: (c) =>
      expect(c).toEqual([
        expect.objectContaining({
          kind: "items-reordered",
          model: "website-builder/buttons",
          items: [expect.objectContaining({ id: "b2" }), expect.objectContaining({ id: "b1" })],
        }),
      ]),
  },
  {
    name: "a feature card added (Russian and English texts)",
    after: edit((s) => {
      s.tree!["website-builder/features"]!.push(row("f2", { title: { en: "Fast delivery", ru: "Быстрая доставка" } }));
      s.tree!["website-builder/widgets-to-features"]!.push(
        row("fl-2", { widgetId: "features", featureId: "f2", orderIndex: 1 }),
      );
    }),
    changes: [
      {
        kind: "item-added",
        block: { ...features, title: { en: "Why us" } },
        item: { model: "website-builder/features", id: "f2", title: { en: "Fast delivery", ru: "Быстрая доставка" } },
      },
    ],
  },
  {
    name: "a feature card's Russian text removed",
    after: edit((s) => (rowOf(s, "website-builder/features", "f1").title = { en: "Quality", ru: "" })),
    changes: (c) =>
      expect(c).toEqual([
        expect.objectContaining({ kind: "item-field", field: "title", language: "ru", before: "Качество", after: "" }),
      ]),
  },
  {
    name: "blocks reordered",
    after: edit((s) => {
      rowOf(s, "host/pages-to-widgets", "place-3").orderIndex = 1;
      rowOf(s, "host/pages-to-widgets", "place-2").orderIndex = 2;
    }),
    changes: (c) =>
      expect(c).toEqual([
        {
          kind: "blocks-reordered",
          region: "page",
          blocks: ["host-1", "host-3", "host-2"].map((id) => expect.objectContaining({ id })),
        },
      ]),
  },
  {
    name: "a block removed (its rows gone with it)",
    after: edit((s) => {
      s.tree!["host/pages-to-widgets"] = s.tree!["host/pages-to-widgets"]!.filter((r) => r.id !== "place-1");
    }),
    changes: (c) =>
      expect(c).toEqual([
        expect.objectContaining({ kind: "block-removed", block: expect.objectContaining({ id: "host-1" }) }),
      ]),
  },
  {
    name: "the layout link removed",
    after: edit((s) => {
      s.tree!["host/pages-to-layouts"] = [];
    }),
    changes: [
      { kind: "layout-removed", layout: { model: "host/layouts", id: "layout", title: { en: "Main layout" } } },
    ],
  },
  {
    name: "the page's own Russian title and url",
    after: edit((s) => Object.assign(s.record!, { title: { en: "About", ru: "О компании" }, url: "/company" })),
    changes: [
      { kind: "field", field: "url", before: "/about", after: "/company" },
      { kind: "field", field: "title", language: "ru", before: "О нас", after: "О компании" },
    ],
  },
];

describe("a version's changes in an editor's terms", () => {
  it.each(cases)("$name", ({ after, changes }) => {
    const found = versionChanges(page(), after, SHAPE);
    if (typeof changes === "function") changes(found);
    else expect(found).toEqual(changes);
  });

  it("names a block added, and the change back the other way round", () => {
    const without = edit((s) => {
      s.tree!["host/pages-to-widgets"] = s.tree!["host/pages-to-widgets"]!.filter((r) => r.id !== "place-3");
    });
    expect(versionChanges(without, page(), SHAPE)).toEqual([
      { kind: "block-added", block: { ...features, title: { en: "Why us" } } },
    ]);
  });
});
