import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { create } from "../ecommerce/shop-fixture.js";

type Ref = { name: string; model: string; id: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const byId = (id: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column: "id", method: "eq", value: id }]))}`;
const byProduct = (id: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column: "productId", method: "eq", value: id }]))}`;

// Taking a record off the site takes with it the part of its published tree that belongs to it
// alone (docs/drafts.md, "Taking a record off the site"): an unpublished product's price rows and
// links are not readable through the generic routes; what another published record links, and the
// catalogue, stay; publishing it again puts everything back; editors still read working copies.
describe(`unpublishing takes the record's own tree off the site, on ${testDialect}`, () => {
  let t: TestApp;
  const world: Record<string, Ref> = {};
  const ref = (name: string, model: string, row: { id: string }): Ref => ({ name, model, id: row.id });
  const post = (url: string) => t.request({ method: "POST", url });
  const anonymous = (url: string) => t.request({ method: "GET", url, key: null });

  /** A price-like attribute of a key in USD, with its two relation rows. */
  async function attribute(name: string, key: Ref, number: string): Promise<Ref[]> {
    const row = await create(t, "ecommerce/attributes", { number, string: {} });
    const keyed = await create(t, "ecommerce/attribute-keys-to-attributes", {
      attributeKeyId: key.id,
      attributeId: row.id,
    });
    const priced = await create(t, "ecommerce/attributes-to-billing-module-currencies", {
      attributeId: row.id,
      billingModuleCurrencyId: world.usd!.id,
    });
    return [
      ref(name, "ecommerce/attributes", row),
      ref(`${name}'s key link`, "ecommerce/attribute-keys-to-attributes", keyed),
      ref(`${name}'s currency link`, "ecommerce/attributes-to-billing-module-currencies", priced),
    ];
  }

  /**
   * A published product with its own price, a feature of a key only it uses, a price it shares with
   * the desk, and a store's offer of it at the store's price. `gone`: what unpublishing it takes off;
   * `stays`: what others still link.
   */
  async function lampTree(tag: string) {
    const lamp = ref(
      "the product",
      "ecommerce/products",
      await create(t, "ecommerce/products", { adminTitle: `Lamp ${tag}`, title: { en: `Lamp ${tag}` } }),
    );
    const link = async (name: string, attributeId: string, productId = lamp.id) =>
      ref(
        name,
        "ecommerce/products-to-attributes",
        await create(t, "ecommerce/products-to-attributes", { productId, attributeId }),
      );
    const own = await attribute("its price", world.priceKey!, "12.00");
    const colourKey = ref(
      "a key only its feature uses",
      "ecommerce/attribute-keys",
      await create(t, "ecommerce/attribute-keys", { adminTitle: `Colour ${tag}`, type: "feature", field: "number" }),
    );
    const feature = await attribute("its feature", colourKey, "3");
    const shared = await attribute("a price the desk links too", world.priceKey!, "1.00");
    const offer = ref(
      "the store's offer",
      "ecommerce/stores-to-products",
      await create(t, "ecommerce/stores-to-products", {
        storeId: world.store!.id,
        productId: lamp.id,
        sku: `LAMP-${tag}`,
      }),
    );
    const storePrice = await attribute("the store's price of it", world.priceKey!, "11.00");
    const offered = ref(
      "the offer's price link",
      "ecommerce/stores-to-products-to-attributes",
      await create(t, "ecommerce/stores-to-products-to-attributes", {
        storesToProductsId: offer.id,
        attributeId: storePrice[0]!.id,
      }),
    );
    const links = [
      await link("its price link", own[0]!.id),
      await link("its feature link", feature[0]!.id),
      await link("its link to the shared price", shared[0]!.id),
    ];
    const deskLink = await link("the desk's link to the shared price", shared[0]!.id, world.desk!.id);
    for (const url of [
      `/api/ecommerce/products/${lamp.id}/publish`,
      `/api/ecommerce/products/${world.desk!.id}/publish`,
    ])
      expect((await post(url)).status).toBe(200);
    return {
      lamp,
      gone: [lamp, ...links, ...own, ...feature, colourKey, offer, offered, ...storePrice],
      stays: [...shared, deskLink, world.desk!, world.deskPrice!, world.priceKey!, world.store!, world.category!],
    };
  }

  /** What an anonymous visitor reads of a record: by id, in a list and in a count filtered by its id. */
  async function seen(r: Ref) {
    const url = `/api/${r.model}`;
    const [get, list, count] = await Promise.all([
      anonymous(`${url}/${r.id}`),
      anonymous(`${url}?${byId(r.id)}`),
      anonymous(`${url}/count?${byId(r.id)}`),
    ]);
    return { get: get.status, list: (list.body.data as unknown[]).length, count: count.body.data as number };
  }
  const visible = { get: 200, list: 1, count: 1 };
  const hidden = { get: 404, list: 0, count: 0 };
  const expectAll = async (refs: Ref[], expected: typeof visible) => {
    const got = await Promise.all(refs.map(async (r) => [r.name, await seen(r)] as const));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(refs.map((r) => [r.name, expected])));
  };
  /** The secret key's working copies are untouched: by id with draft=true, every one is there. */
  const expectWorking = async (refs: Ref[]) => {
    const got = await Promise.all(
      refs.map(
        async (r) =>
          [
            r.name,
            (await t.request({ method: "GET", url: `/api/${r.model}/${r.id}?draft=true`, key: SECRET })).status,
          ] as const,
      ),
    );
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(refs.map((r) => [r.name, 200])));
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    world.usd = ref(
      "USD",
      "billing/currencies",
      await create(t, "billing/currencies", {
        slug: "usd",
        symbol: "$",
        adminTitle: "US dollar",
        isDefault: true,
        decimals: 2,
      }),
    );
    world.priceKey = ref(
      "the price key others use",
      "ecommerce/attribute-keys",
      await create(t, "ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" }),
    );
    world.desk = ref(
      "the desk",
      "ecommerce/products",
      await create(t, "ecommerce/products", { adminTitle: "Desk", title: { en: "Desk" } }),
    );
    const [deskPrice] = await attribute("the desk's price", world.priceKey, "90.00");
    world.deskPrice = { ...deskPrice!, name: "the desk's price" };
    world.deskPriceLink = ref(
      "the desk's price link",
      "ecommerce/products-to-attributes",
      await create(t, "ecommerce/products-to-attributes", { productId: world.desk.id, attributeId: deskPrice!.id }),
    );
    world.store = ref("the store", "ecommerce/stores", await create(t, "ecommerce/stores", { adminTitle: "Outlet" }));
    world.category = ref(
      "a category",
      "ecommerce/categories",
      await create(t, "ecommerce/categories", { adminTitle: "Lights" }),
    );
    world.widget = ref(
      "a block",
      "ecommerce/widgets",
      await create(t, "ecommerce/widgets", { adminTitle: "Featured" }),
    );
    world.shown = ref(
      "the block's link to the desk",
      "ecommerce/widgets-to-products",
      await create(t, "ecommerce/widgets-to-products", { widgetId: world.widget.id, productId: world.desk.id }),
    );
    for (const r of [world.desk, world.store, world.category, world.widget])
      expect((await post(`/api/${r.model}/${r.id}/publish`)).status).toBe(200);
  });
  afterAll(() => t?.close());

  it.each([
    {
      way: "POST …/unpublish",
      takeOff: (r: Ref) => post(`/api/${r.model}/${r.id}/unpublish`).then((a) => expect(a.status).toBe(200)),
    },
    {
      way: "a scheduled unpublish",
      takeOff: async (r: Ref) => {
        expect(
          (
            await t.request({
              method: "PUT",
              url: `/api/${r.model}/${r.id}/schedule`,
              payload: { data: { unpublishAt: inMs(1_000) } },
            })
          ).status,
        ).toBe(200);
        await sleep(1_100);
        await t.app.notifications.flush();
      },
    },
  ])(
    "$way takes the product's link rows and price rows off the site, keeps what others link, and a publish puts them back",
    async ({ way, takeOff }) => {
      const { lamp, gone, stays } = await lampTree(way.startsWith("POST") ? "route" : "schedule");
      await expectAll([...gone, ...stays], visible);
      await takeOff(lamp);
      await expectAll(gone, hidden);
      await expectAll(stays, visible);
      // The product's price links, looked up by product as a shop page would.
      const url = "/api/ecommerce/products-to-attributes";
      expect((await anonymous(`${url}?${byProduct(lamp.id)}`)).body.data).toEqual([]);
      expect((await anonymous(`${url}/count?${byProduct(lamp.id)}`)).body.data).toBe(0);
      expect(
        (await t.request({ method: "GET", url: `${url}?draft=true&${byProduct(lamp.id)}` })).body.data,
      ).toHaveLength(3);
      await expectWorking(gone);

      expect((await post(`/api/ecommerce/products/${lamp.id}/publish`)).status).toBe(200);
      await expectAll([...gone, ...stays], visible);
    },
  );

  it("a record of the catalogue is not taken along: unpublishing a block takes its link off, the product it shows stays with its prices", async () => {
    const catalogue = [world.desk!, world.deskPrice!, world.deskPriceLink!, world.priceKey!];
    await expectAll([world.widget!, world.shown!, ...catalogue], visible);
    expect((await post(`/api/ecommerce/widgets/${world.widget!.id}/unpublish`)).status).toBe(200);
    await expectAll([world.widget!, world.shown!], hidden);
    await expectAll(catalogue, visible);
    await expectWorking([world.widget!, world.shown!]);
    expect((await post(`/api/ecommerce/widgets/${world.widget!.id}/publish`)).status).toBe(200);
    await expectAll([world.widget!, world.shown!, ...catalogue], visible);
  });
});
