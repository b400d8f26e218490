import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModel } from "../../engine/admin/admin-model.js";
import { searchColumns, searchFilter } from "../../engine/admin/search-filter.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * The admin table's search box: the text in any of a record's titles — every language of a
 * language map, the admin title, name or slug — as one or-group of the list query, on the server.
 * It once read the naming field only, so Pages found nothing for "Home" (the home
 * page's admin title is the site's name).
 */
describe(`the admin table's search on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const search = async (modelId: string, text: string) => {
    const model = adminModel(t.app.registry.get(modelId), t.app.registry);
    const { status, body } = await t.request({
      method: "GET",
      url: `/api/${modelId}?filters[and]=${encodeURIComponent(JSON.stringify([searchFilter(model, text)]))}`,
    });
    expect(status).toBe(200);
    return body.data as { id: string }[];
  };

  it("searches every title column, a language map in every language", () => {
    const stores = adminModel(t.app.registry.get("ecommerce/stores"), t.app.registry);
    expect(searchColumns(stores)).toEqual(expect.arrayContaining(["adminTitle", "slug", "title->>en", "title->>ru"]));
    expect(searchFilter(stores, "  ")).toBeUndefined();
    expect(searchFilter(stores, "50%_off")!.or[0]!.value).toBe("%50\\%\\_off%");
  });

  it("finds a page by its title when its admin title is something else", async () => {
    const home = await createRecord(t, "/api/host/pages", { url: "/", adminTitle: "Acme Ceramics", title: "Home" });
    await createRecord(t, "/api/host/pages", { url: "/shop", adminTitle: "Shop", title: "Shop" });
    expect((await search("host/pages", "home")).map((r) => r.id)).toEqual([home.id]);
    expect((await search("host/pages", "acme")).map((r) => r.id)).toEqual([home.id]);
  });

  it("finds a record by its Russian title and by its slug", async () => {
    const store = await createRecord(t, "/api/ecommerce/stores", {
      adminTitle: "Main store",
      slug: "moscow-store",
      title: { en: "Main", ru: "Главный магазин" },
    });
    expect((await search("ecommerce/stores", "главный")).map((r) => r.id)).toEqual([store.id]);
    expect((await search("ecommerce/stores", "moscow")).map((r) => r.id)).toEqual([store.id]);
    expect(await search("ecommerce/stores", "nothing like it")).toEqual([]);
  });
});
