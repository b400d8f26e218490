import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedTable } from "../../engine/schema/published-model.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, type SignedIn } from "../rbac/helpers.js";
import { buildPage, write } from "../site/fixtures.js";

/** Every table a block may write: none may keep a stray row after a removal. */
const TABLES = [
  "host/widgets",
  "host/pages-to-widgets",
  "host/widgets-to-external-widgets",
  "website-builder/widgets",
  "website-builder/features",
  "website-builder/widgets-to-features",
  "website-builder/buttons-arrays",
  "website-builder/widgets-to-buttons-arrays",
  "website-builder/buttons",
  "website-builder/buttons-arrays-to-buttons",
  "website-builder/sliders",
  "website-builder/widgets-to-sliders",
  "website-builder/slides",
  "website-builder/sliders-to-slides",
  "ecommerce/widgets",
  "ecommerce/widgets-to-products",
  "ecommerce/products",
];

const HERO = {
  module: "website-builder",
  variant: "default",
  content: {
    title: { en: "About us", ru: "О нас" },
    subtitle: "Since 2020",
    anchor: "about",
    features: [
      { title: { en: "Fast", ru: "Быстро" } },
      { title: { en: "Kind", ru: "Добро" }, description: "Always" },
      { title: "Open" },
    ],
    buttons: [{ title: { en: "Contact", ru: "Связаться" }, url: "/contact" }],
    slides: [{ title: "First slide" }, { title: "Second slide", url: "/second" }],
  },
};

// The page composer's blocks API (docs/api.md "Page blocks"), on both databases, with live saves.
describe(`page blocks API (${testDialect})`, () => {
  let t: TestApp;
  let member: SignedIn;
  let pageId: string;
  let layoutId: string;
  let product: Record<string, any>;

  const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const blocks = (id = pageId, language = "en") => send("GET", `/api/host/pages/${id}/blocks?language=${language}`);
  const counts = async (view: "working" | "published" = "working") => {
    const result: Record<string, number> = {};
    for (const id of TABLES) {
      const model = t.app.registry.get(id);
      const row = await t.database.db
        .selectFrom(view === "working" ? model.table : publishedTable(model))
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      result[id] = Number(row.n);
    }
    return result;
  };
  const pageBlocks = async () => (await blocks()).body.data.filter((b: any) => b.region === "page");

  beforeAll(async () => {
    t = await createTestApp();
    member = await register(t, "member@example.com");
    const built = await buildPage(t, "/about", 0, "About");
    pageId = built.pageId;
    layoutId = built.layoutId;
    product = await write(t, (create) =>
      create("ecommerce/products", { adminTitle: "Mug", title: { en: "Mug" }, type: "one_off" }),
    );
  });
  afterAll(() => t?.close());

  describe("who may call", () => {
    const routes = () => [
      { method: "GET", url: `/api/host/pages/${pageId}/blocks` },
      { method: "POST", url: `/api/host/pages/${pageId}/blocks`, data: HERO },
      { method: "PATCH", url: `/api/host/pages/${pageId}/blocks/order`, data: { ids: [] } },
      { method: "DELETE", url: `/api/host/pages/${pageId}/blocks/${pageId}` },
      { method: "POST", url: `/api/host/pages/${pageId}/blocks/${pageId}/duplicate` },
    ];
    it.each([
      ["anonymous", undefined, 401, "AUTHENTICATION_ERROR"],
      ["a member", "member", 403, "PERMISSION_ERROR"],
    ])("refuses %s on every blocks route", async (_who, role, status, code) => {
      for (const route of routes()) {
        const response = await as(
          t,
          role ? member : undefined,
        )({ method: route.method as any, url: route.url, ...(route.data ? { payload: { data: route.data } } : {}) });
        expect({ route: `${route.method} ${route.url}`, status: response.status, code: response.body.code }).toEqual({
          route: `${route.method} ${route.url}`,
          status,
          code,
        });
      }
      expect((await counts())["host/widgets"]).toBe(1); // the layout's navbar only: nothing written
    });

    it("lets anyone read the catalogue: every module's variants with en/ru labels, descriptions and children kinds", async () => {
      const response = await as(t, undefined)({ method: "GET", url: "/api/host/blocks/catalogue" });
      expect(response.status).toBe(200);
      const wb = response.body.data.find((m: any) => m.module === "website-builder");
      expect(wb.label).toEqual({ en: "Page sections", ru: "Разделы страницы" });
      expect(wb.variants.map((v: any) => v.variant)).toEqual(
        expect.arrayContaining(["default", "content-default", "navbar-default", "footer-default"]),
      );
      for (const module of response.body.data) {
        for (const v of module.variants) {
          expect(v.label.en && v.label.ru && v.description.en && v.description.ru).toBeTruthy();
          expect(Array.isArray(v.children)).toBe(true);
        }
      }
      expect(wb.variants.find((v: any) => v.variant === "default").children).toEqual(
        expect.arrayContaining(["features", "buttons", "slides"]),
      );
      expect(
        response.body.data
          .find((m: any) => m.module === "ecommerce")
          .variants.find((v: any) => v.variant === "product-list-default").children,
      ).toEqual(["products"]);
    });
  });

  describe("bad input", () => {
    const missing = "00000000-0000-4000-8000-000000000001";
    it.each([
      ["an unknown module", () => ({ module: "nope", variant: "default" }), "/module"],
      ["the host module itself", () => ({ module: "host", variant: "default" }), "/module"],
      ["an unknown variant", () => ({ module: "website-builder", variant: "nope" }), "/variant"],
      ["no variant", () => ({ module: "website-builder" }), "/variant"],
      [
        "a child kind the variant does not take",
        () => ({ module: "website-builder", variant: "default", content: { products: [product.id] } }),
        "/content/products",
      ],
      [
        "an unknown child kind",
        () => ({ module: "website-builder", variant: "default", content: { gadgets: [] } }),
        "/content/gadgets",
      ],
      [
        "features that are no list",
        () => ({ module: "website-builder", variant: "default", content: { features: "many" } }),
        "/content/features",
      ],
      [
        "a feature without a title",
        () => ({ module: "website-builder", variant: "default", content: { features: [{ description: "x" }] } }),
        "/content/features/0/title",
      ],
      [
        "a button without its url",
        () => ({ module: "website-builder", variant: "default", content: { buttons: [{ title: "Go" }] } }),
        "/content/buttons/0/url",
      ],
      [
        "a title of numbers",
        () => ({ module: "website-builder", variant: "default", content: { title: 5 } }),
        "/content/title",
      ],
      [
        "an id that names no product",
        () => ({ module: "ecommerce", variant: "product-list-default", content: { products: [missing] } }),
        "/content/products/0",
      ],
      [
        "an anchor on a block whose widgets have none",
        () => ({ module: "crm", variant: "default", content: { anchor: "contact" } }),
        "/content/anchor",
      ],
      ["an after that is no block of the page", () => ({ ...HERO, after: missing }), "/after"],
      // Names every object inherits are no variants or modules: the catalogue's own keys only.
      ...["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"].flatMap(
        (name): [string, () => object, string][] => [
          [`the variant ${name}`, () => ({ module: "website-builder", variant: name }), "/variant"],
          [`the module ${name}`, () => ({ module: name, variant: "default" }), "/module"],
        ],
      ),
    ])("refuses %s with a 400 naming the field", async (_what, data, path) => {
      const before = await counts();
      const response = await send("POST", `/api/host/pages/${pageId}/blocks`, data());
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
      expect(response.body.cause.map((c: any) => c.path)).toContain(path);
      expect(await counts()).toEqual(before);
    });

    it("answers 400 for ids that are no uuid and 404 for an unknown page or block", async () => {
      expect((await send("GET", "/api/host/pages/nope/blocks")).status).toBe(400);
      expect((await send("GET", `/api/host/pages/${pageId}/blocks?language=xx-`)).status).toBe(400);
      expect((await send("GET", `/api/host/pages/${missing}/blocks`)).status).toBe(404);
      expect((await send("POST", `/api/host/pages/${missing}/blocks`, HERO)).status).toBe(404);
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${missing}`)).status).toBe(404);
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/nope`)).status).toBe(400);
      expect((await send("POST", `/api/host/pages/${pageId}/blocks/${missing}/duplicate`)).status).toBe(404);
      expect((await send("PATCH", `/api/host/pages/${pageId}/blocks/order`, { ids: "all" })).status).toBe(400);
    });
  });

  describe("adding, listing and ordering", () => {
    let hero: any;
    it("adds a block with its content in one request: module widget, features, buttons, slides and every relation row", async () => {
      const before = await counts();
      const response = await send("POST", `/api/host/pages/${pageId}/blocks`, HERO);
      expect(response.status).toBe(201);
      hero = response.body.data;
      expect(hero).toMatchObject({ region: "page", module: "website-builder", variant: "default", title: "About us" });
      const after = await counts();
      const grew = Object.fromEntries(TABLES.map((id) => [id, after[id]! - before[id]!]));
      expect(grew).toMatchObject({
        "host/widgets": 1,
        "host/pages-to-widgets": 1,
        "host/widgets-to-external-widgets": 1,
        "website-builder/widgets": 1,
        "website-builder/features": 3,
        "website-builder/widgets-to-features": 3,
        "website-builder/buttons-arrays": 1,
        "website-builder/widgets-to-buttons-arrays": 1,
        "website-builder/buttons": 1,
        "website-builder/buttons-arrays-to-buttons": 1,
        "website-builder/sliders": 1,
        "website-builder/sliders-to-slides": 2,
        "website-builder/slides": 2,
      });
      const widget = await t.app.repositories.get("website-builder/widgets")!.get(hero.widgetId);
      expect(widget).toMatchObject({
        variant: "default",
        anchor: "about",
        title: { en: "About us", ru: "О нас" },
        subtitle: { en: "Since 2020", ru: "Since 2020" },
      });
      // Live saves (DRAFTS=off): the visitor's page shows it at once.
      const html = (await t.app.inject({ method: "GET", url: "/ru/about" })).body;
      expect(html).toContain("О нас");
      expect(html).toContain("Связаться");
      expect(html).toContain("Быстро");
    });

    it("lists the layout's blocks first (region: the layout), then the page's, titles in the caller's language", async () => {
      const ru = (await blocks(pageId, "ru")).body.data;
      expect(ru.map((b: any) => b.region)).toEqual([layoutId, "page"]);
      expect(ru[0]).toMatchObject({ module: "website-builder", variant: "navbar-default" });
      expect(ru[1]).toMatchObject({ id: hero.id, widgetId: hero.widgetId, title: "О нас" });
      expect(Object.keys(ru[1]).sort()).toEqual(["id", "module", "region", "reusable", "title", "variant", "widgetId"]);
      expect(ru[1].reusable).toBeNull();
    });

    it("puts a block at the end, or right after `after`, order indexes 0..n-1; a block without a title is called by its variant's label", async () => {
      const last = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, {
          module: "ecommerce",
          variant: "product-list-default",
          content: { products: [product.id] },
        })
      ).body.data;
      expect(last.title).toBe("Product list");
      const middle = (
        await send("POST", `/api/host/pages/${pageId}/blocks?language=ru`, {
          module: "website-builder",
          variant: "content-default",
          after: hero.id,
          content: { title: "Middle" },
        })
      ).body.data;
      expect(middle.title).toBe("Middle");
      expect((await pageBlocks()).map((b: any) => b.id)).toEqual([hero.id, middle.id, last.id]);
      const rows = await t.database.db
        .selectFrom(t.app.registry.get("host/pages-to-widgets").table)
        .select(["widgetId", "orderIndex"])
        .where("pageId", "=", pageId)
        .orderBy("orderIndex")
        .execute();
      expect(rows.map((r) => [r.widgetId, r.orderIndex])).toEqual([
        [hero.id, 0],
        [middle.id, 1],
        [last.id, 2],
      ]);
      const ru = (await t.app.inject({ method: "GET", url: "/about" })).body;
      expect(ru.indexOf("About us")).toBeLessThan(ru.indexOf("Middle"));
    });

    it("refuses an order that is not exactly the page's blocks", async () => {
      const ids = (await pageBlocks()).map((b: any) => b.id);
      for (const wrong of [ids.slice(1), [...ids, ids[0]], [ids[0], ids[0], ids[1]], [...ids.slice(0, 2), layoutId]]) {
        const response = await send("PATCH", `/api/host/pages/${pageId}/blocks/order`, { ids: wrong });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe("VALIDATION_ERROR");
      }
      expect((await pageBlocks()).map((b: any) => b.id)).toEqual(ids);
    });

    it("orders a page of 50 blocks in one request, the order indexes written in one statement", async () => {
      const reorder = async (url: string, count: number) => {
        const page = await buildPage(t, url, 0, url);
        for (let i = 0; i < count; i++)
          await send("POST", `/api/host/pages/${page.pageId}/blocks`, {
            module: "website-builder",
            variant: "content-default",
            content: { title: `Block ${i}` },
          });
        const ids: string[] = (await blocks(page.pageId)).body.data
          .filter((b: any) => b.region === "page")
          .map((b: any) => b.id);
        expect(ids).toHaveLength(count);
        const reversed = [...ids].reverse();
        const before = t.database.queryCount();
        const response = await send("PATCH", `/api/host/pages/${page.pageId}/blocks/order`, { ids: reversed });
        const queries = t.database.queryCount() - before;
        expect(response.status).toBe(200);
        expect(response.body.data.filter((b: any) => b.region === "page").map((b: any) => b.id)).toEqual(reversed);
        return { page, reversed, queries };
      };
      const three = await reorder("/three", 3);
      const { page, reversed, queries } = await reorder("/fifty", 50);
      // The rows that move are one UPDATE whatever their number: fifty cost what three cost (one
      // more at most: the fifty page's version history is past VERSIONS_MAX and is pruned).
      expect(queries).toBeLessThanOrEqual(three.queries + 1);
      expect(queries).toBeLessThan(60);
      const rows = await t.database.db
        .selectFrom(t.app.registry.get("host/pages-to-widgets").table)
        .select(["widgetId", "orderIndex"])
        .where("pageId", "=", page.pageId)
        .orderBy("orderIndex")
        .execute();
      expect(rows.map((r) => r.widgetId)).toEqual(reversed);
      expect(rows.map((r) => r.orderIndex)).toEqual([...Array(50).keys()]);
      const published = await t.database.db
        .selectFrom(publishedTable(t.app.registry.get("host/pages-to-widgets")))
        .select(["widgetId", "orderIndex"])
        .where("pageId", "=", page.pageId)
        .orderBy("orderIndex")
        .execute();
      expect(published.map((r) => r.widgetId)).toEqual(reversed);
      const html = (await t.app.inject({ method: "GET", url: "/fifty" })).body;
      expect(html.indexOf("Block 49")).toBeLessThan(html.indexOf("Block 0<"));
    });
  });

  describe("removing and duplicating", () => {
    it("removes a block and every record only it used, leaving no orphan in any table, working or published", async () => {
      const [before, beforePublished] = [await counts(), await counts("published")];
      const added = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, {
          ...HERO,
          content: { ...HERO.content, title: "Gone soon" },
        })
      ).body.data;
      expect((await t.app.inject({ method: "GET", url: "/about" })).body).toContain("Gone soon");
      const product2 = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, {
          module: "ecommerce",
          variant: "product-list-default",
          content: { products: [product.id] },
        })
      ).body.data;
      const removed = await send("DELETE", `/api/host/pages/${pageId}/blocks/${added.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body.data.map((b: any) => b.id)).not.toContain(added.id);
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${product2.id}`)).status).toBe(200);
      expect(await counts()).toEqual(before);
      expect(await counts("published")).toEqual(beforePublished);
      // The product a block showed is the shop's, not the block's.
      expect((await t.app.repositories.get("ecommerce/products")!.get(product.id)).id).toBe(product.id);
      const rows = await t.database.db
        .selectFrom(t.app.registry.get("host/pages-to-widgets").table)
        .select("orderIndex")
        .where("pageId", "=", pageId)
        .orderBy("orderIndex")
        .execute();
      expect(rows.map((r) => r.orderIndex)).toEqual([...Array(rows.length).keys()]);
      expect((await t.app.inject({ method: "GET", url: "/about" })).body).not.toContain("Gone soon");
    });

    it("keeps records shared with another block or page: a feature another widget lists, a host widget another page places", async () => {
      const added = (await send("POST", `/api/host/pages/${pageId}/blocks`, HERO)).body.data;
      const features = await t.database.db
        .selectFrom(t.app.registry.get("website-builder/widgets-to-features").table)
        .select("featureId")
        .where("widgetId", "=", added.widgetId)
        .execute();
      const other = await write(t, async (create) => {
        const widget = await create("website-builder/widgets", { adminTitle: "Other", title: { en: "Other" } });
        await create("website-builder/widgets-to-features", { widgetId: widget.id, featureId: features[0]!.featureId });
        return widget;
      });
      const elsewhere = await buildPage(t, "/elsewhere", 0, "Elsewhere");
      const shared = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, {
          module: "website-builder",
          variant: "content-default",
          content: { title: "Shared slot" },
        })
      ).body.data;
      await write(t, (create) =>
        create("host/pages-to-widgets", { pageId: elsewhere.pageId, widgetId: shared.id, orderIndex: 0 }),
      );

      const before = await counts();
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${added.id}`)).status).toBe(200);
      const after = await counts();
      expect(before["website-builder/features"]! - after["website-builder/features"]!).toBe(2);
      expect(await t.app.repositories.get("website-builder/features")!.get(features[0]!.featureId)).toBeTruthy();
      expect((await t.app.repositories.get("website-builder/widgets")!.get(other.id)).id).toBe(other.id);

      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${shared.id}`)).status).toBe(200);
      expect((await pageBlocks()).map((b: any) => b.id)).not.toContain(shared.id);
      expect((await blocks(elsewhere.pageId)).body.data.find((b: any) => b.id === shared.id)).toMatchObject({
        title: "Shared slot",
      });
    });

    it("duplicates a block right after it: a deep copy of its own records, the same product it shows", async () => {
      const hero = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, { ...HERO, content: { ...HERO.content, title: "Twin" } })
      ).body.data;
      const shop = (
        await send("POST", `/api/host/pages/${pageId}/blocks`, {
          module: "ecommerce",
          variant: "product-list-default",
          content: { title: "Shop twin", products: [product.id] },
        })
      ).body.data;
      const before = await counts();
      const copy = await send("POST", `/api/host/pages/${pageId}/blocks/${hero.id}/duplicate`);
      expect(copy.status).toBe(201);
      expect(copy.body.data).toMatchObject({
        region: "page",
        module: "website-builder",
        variant: "default",
        title: "Twin",
      });
      expect(copy.body.data.id).not.toBe(hero.id);
      expect(copy.body.data.widgetId).not.toBe(hero.widgetId);
      const after = await counts();
      const grew = Object.fromEntries(TABLES.map((id) => [id, after[id]! - before[id]!]));
      expect(grew).toMatchObject({
        "host/widgets": 1,
        "website-builder/widgets": 1,
        "website-builder/features": 3,
        "website-builder/widgets-to-features": 3,
        "website-builder/buttons": 1,
        "website-builder/slides": 2,
        "website-builder/sliders-to-slides": 2,
      });
      const ids = (await pageBlocks()).map((b: any) => b.id);
      expect(ids.indexOf(copy.body.data.id)).toBe(ids.indexOf(hero.id) + 1);
      const titles = async (widgetId: string) => {
        const links = await t.database.db
          .selectFrom(t.app.registry.get("website-builder/widgets-to-features").table)
          .select(["featureId", "orderIndex"])
          .where("widgetId", "=", widgetId)
          .orderBy("orderIndex")
          .execute();
        const rows = await t.app.repositories.get("website-builder/features")!.listByIds(links.map((l) => l.featureId));
        return {
          ids: links.map((l) => l.featureId),
          titles: links.map((l) => (rows.find((r: any) => r.id === l.featureId) as any).title.en),
        };
      };
      const [original, copied] = [await titles(hero.widgetId), await titles(copy.body.data.widgetId)];
      expect(copied.titles).toEqual(original.titles);
      expect(copied.ids.some((id) => original.ids.includes(id))).toBe(false);

      const shopCopy = (await send("POST", `/api/host/pages/${pageId}/blocks/${shop.id}/duplicate`)).body.data;
      const shown = await t.database.db
        .selectFrom(t.app.registry.get("ecommerce/widgets-to-products").table)
        .select("productId")
        .where("widgetId", "=", shopCopy.widgetId)
        .execute();
      expect(shown.map((r) => r.productId)).toEqual([product.id]);
      // Removing the copy leaves the original whole.
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${copy.body.data.id}`)).status).toBe(200);
      expect((await titles(hero.widgetId)).ids).toEqual(original.ids);
    });
  });
});

// Drafts on: a block change is the page's working copy until the page is published.
describe(`page blocks under drafts (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t?.close());
  const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const visitor = async (path: string) => (await t.app.inject({ method: "GET", url: path })).body;

  it("shows visitors an added, reordered or removed block only after the page is published", async () => {
    const { pageId } = await buildPage(t, "/drafted-about", 0, "Drafted about");
    await send("POST", `/api/host/pages/${pageId}/publish`);
    expect(await visitor("/drafted-about")).toContain("Drafted about");

    const first = (await send("POST", `/api/host/pages/${pageId}/blocks`, HERO)).body.data;
    const second = (
      await send("POST", `/api/host/pages/${pageId}/blocks`, {
        module: "website-builder",
        variant: "content-default",
        content: { title: "Second block" },
      })
    ).body.data;
    expect(
      (await send("GET", `/api/host/pages/${pageId}/blocks`)).body.data
        .filter((b: any) => b.region === "page")
        .map((b: any) => b.id),
    ).toEqual([first.id, second.id]);
    expect(await visitor("/drafted-about")).not.toContain("About us");
    await send("POST", `/api/host/pages/${pageId}/publish`);
    let html = await visitor("/drafted-about");
    expect(html).toContain("Fast");
    expect(html.indexOf("About us")).toBeLessThan(html.indexOf("Second block"));

    expect((await send("PATCH", `/api/host/pages/${pageId}/blocks/order`, { ids: [second.id, first.id] })).status).toBe(
      200,
    );
    html = await visitor("/drafted-about");
    expect(html.indexOf("About us")).toBeLessThan(html.indexOf("Second block"));
    await send("POST", `/api/host/pages/${pageId}/publish`);
    html = await visitor("/drafted-about");
    expect(html.indexOf("Second block")).toBeLessThan(html.indexOf("About us"));

    // A copy waits for the publish too.
    const count = (page: string) => page.split("Second block").length - 1;
    const shown = count(html);
    expect((await send("POST", `/api/host/pages/${pageId}/blocks/${second.id}/duplicate`)).status).toBe(201);
    expect(count(await visitor("/drafted-about"))).toBe(shown);
    await send("POST", `/api/host/pages/${pageId}/publish`);
    expect(count(await visitor("/drafted-about"))).toBeGreaterThan(shown);

    expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${first.id}`)).status).toBe(200);
    expect(await visitor("/drafted-about")).toContain("About us");
    const features = t.app.registry.get("website-builder/features");
    const publishedFeatures = async () =>
      Number(
        (
          await t.database.db
            .selectFrom(publishedTable(features))
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await publishedFeatures()).toBe(3);
    await send("POST", `/api/host/pages/${pageId}/publish`);
    html = await visitor("/drafted-about");
    expect(html).not.toContain("About us");
    expect(html).toContain("Second block");
    // The removed block's records left the published copies too: no orphan there either.
    expect(await publishedFeatures()).toBe(0);
    for (const id of [
      "host/widgets-to-external-widgets",
      "website-builder/widgets-to-features",
      "website-builder/slides",
    ]) {
      const model = t.app.registry.get(id);
      const [working, published] = await Promise.all(
        [model.table, publishedTable(model)].map(async (table) =>
          Number(
            (
              await t.database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
      expect({ id, published }).toEqual({ id, published: working });
    }
  });
});
