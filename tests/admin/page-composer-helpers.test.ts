import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModels } from "../../engine/admin/admin-model.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { pathOf } from "../../web/admin/pages/block-items-api.js";
import { pageSearch } from "../../web/admin/pages/page-search.js";
import { storedText, textOf } from "../../web/admin/pages/pages-api.js";
import { keepUnchanged, moved } from "../../web/admin/pages/use-composer.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const registry = loadRegistry(paths.schemas);
const models = new Map(adminModels(registry).map((m) => [m.id, m]));

// The page composer's pure parts (web/admin/pages/): a block's new place, the pages list's search
// as the real server answers it, and the way from a block's widget to its children, read from
// the generated models' embeds.
describe(`page composer helpers (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("moves a block to a place, clamped to the list", () => {
    expect(moved(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], "a", 9)).toEqual(["b", "c", "a"]);
    expect(moved(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b"], "x", 0)).toEqual(["a", "b"]);
  });

  it("keeps the blocks read again that did not change as the objects the outline's rows already show", () => {
    const block = (id: string, en: string) => ({
      id,
      region: "page",
      module: "website-builder",
      variant: "default",
      widgetId: `w-${id}`,
      title: { en },
    });
    const before = [block("a", "One"), block("b", "Two"), block("c", "Three")];
    const next = keepUnchanged(before, [block("b", "Two"), block("a", "One"), block("c", "Three!"), block("d", "New")]);
    expect(next.map((b) => b.id)).toEqual(["b", "a", "c", "d"]);
    expect(next[0]).toBe(before[1]);
    expect(next[1]).toBe(before[0]);
    expect(next[2]).not.toBe(before[2]); // its title changed
    expect(next[2]!.title).toEqual({ en: "Three!" });
  });

  it("finds pages by any title, the URL or the admin title, as the server reads the search", async () => {
    for (const page of [
      { url: "/about", title: { en: "About us", ru: "О нас" } },
      { url: "/contact", title: { en: "Write to us", ru: "Напишите нам" } },
      { url: "/legacy", title: "Old plain title", adminTitle: "Legacy page" },
    ]) {
      expect((await t.request({ method: "POST", url: "/api/host/pages", payload: { data: page } })).status).toBe(201);
    }
    const search = async (text: string) => {
      const query = new URLSearchParams(Object.entries(pageSearch(text)).map(([k, v]) => [k, String(v)]));
      const answer = await t.request({ method: "GET", url: `/api/host/pages?${query}&draft=true` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { url: string }[]).map((p) => p.url).sort();
    };
    expect(await search("нас")).toEqual(["/about"]);
    expect(await search("US")).toEqual(["/about", "/contact"]);
    expect(await search("/cont")).toEqual(["/contact"]);
    expect(await search("legacy")).toEqual(["/legacy"]);
    expect(pageSearch("  ")).toEqual({});
    // A server whose titles are still one text is searched by that text.
    expect(JSON.parse(String(pageSearch("x", false)["filters[or]"]))).toContainEqual({
      column: "title",
      method: "ilike",
      value: "x",
    });
  });

  it("reaches a block's features in one step and its buttons through a buttons array", () => {
    expect(pathOf("features", "website-builder/widgets", models)).toEqual([
      {
        relation: "website-builder/widgets-to-features",
        parentKey: "widgetId",
        childKey: "featureId",
        child: "website-builder/features",
      },
    ]);
    expect(pathOf("buttons", "website-builder/widgets", models)).toEqual([
      {
        relation: "website-builder/widgets-to-buttons-arrays",
        parentKey: "widgetId",
        childKey: "buttonsArrayId",
        child: "website-builder/buttons-arrays",
      },
      {
        relation: "website-builder/buttons-arrays-to-buttons",
        parentKey: "buttonsArrayId",
        childKey: "buttonId",
        child: "website-builder/buttons",
      },
    ]);
    expect(pathOf("slides", "website-builder/widgets", models)?.map((h) => h.child)).toEqual([
      "website-builder/sliders",
      "website-builder/slides",
    ]);
    // Kinds the panel does not edit row by row go to the widget's generated form.
    expect(pathOf("products", "ecommerce/widgets", models)).toBeUndefined();
    expect(pathOf("features", "blog/widgets", models)).toBeUndefined();
  });

  it("reads a title in the admin's language and writes it as the server stores it", () => {
    expect(textOf({ en: "About", ru: "О нас" }, "ru")).toBe("О нас");
    expect(textOf({ en: "About", ru: " " }, "ru")).toBe("About");
    expect(textOf("Plain", "ru")).toBe("Plain");
    expect(textOf(undefined, "en")).toBe("");
    expect(storedText({ en: "About", ru: "О нас" }, true)).toEqual({ en: "About", ru: "О нас" });
    expect(storedText({ ru: "О нас" }, false)).toBe("О нас");
  });
});
