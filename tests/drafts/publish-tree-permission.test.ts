import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, subjectWithRole, type SignedIn } from "../rbac/helpers.js";
import { catalogue, create, type Catalogue } from "../ecommerce/shop-fixture.js";

// Publishing a tree publishes only the records the caller may publish (docs/drafts.md, Publishing
// a tree): a role that may edit only pages (`*` on /api/host/**) adds a block listing a product
// never published and one with an unpublished title change, then publishes the page. The page's
// own records go live; the products stay as they are and the answer names them. A caller who may
// publish everything publishes the whole tree.
describe(`a tree publishes only what the caller may publish, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let pageEditor: SignedIn;
  let shopEditor: SignedIn;
  const visitor = (url: string) => t.request({ method: "GET", url, key: null });

  /** A role with `*` on these paths, and a subject holding only it. */
  const subjectWith = (uid: string, paths: string[]) =>
    subjectWithRole(
      t,
      uid,
      paths.map((path): [string, string] => ["*", path]),
    );

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    c = await catalogue(t);
    pageEditor = await subjectWith("page-editor", ["/api/host/**"]);
    shopEditor = await subjectWith("site-editor", ["/api/host/**", "/api/ecommerce/**"]);
  });
  afterAll(() => t.close());

  /** A published page whose new block (added by `who`, not yet published) lists a never-published product and one retitled in draft. */
  async function pageWithBlock(who: SignedIn, n: number) {
    const fresh = await create(t, "ecommerce/products", { adminTitle: `Fresh ${n}`, title: { en: `Fresh ${n}` } });
    const retitled = await create(t, "ecommerce/products?publish=true", {
      adminTitle: `Old ${n}`,
      title: { en: `Old ${n}` },
    });
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/products/${retitled.id}`,
      payload: { data: { title: { en: `Draft title ${n}` } } },
    });
    const page = await create(t, "host/pages?publish=true", { url: `/listing-${n}`, slug: `listing-${n}` });
    const block = await as(
      t,
      who,
    )({
      method: "POST",
      url: `/api/host/pages/${page.id}/blocks`,
      payload: {
        data: {
          module: "ecommerce",
          variant: "product-list-default",
          content: { products: [fresh.id, retitled.id, c.shoes.id] },
        },
      },
    });
    expect(block.status).toBe(201);
    return { page, fresh, retitled, block: block.body.data };
  }

  const titleSeen = async (id: string) => {
    const read = await visitor(`/api/ecommerce/products/${id}`);
    return read.status === 200 ? read.body.data.title.en : read.status;
  };

  it.each([
    { who: "page editor (host only)", session: () => pageEditor, n: 1, live: false },
    { who: "site editor (host and shop)", session: () => shopEditor, n: 2, live: true },
  ])("the $who publishes the page", async ({ session, n, live }) => {
    const { page, fresh, retitled, block } = await pageWithBlock(session(), n);
    const published = await as(t, session())({ method: "POST", url: `/api/host/pages/${page.id}/publish` });
    expect(published.status).toBe(200);
    // A page's state is its whole tree's: what the page editor may not publish stays changed, so the page does.
    expect(published.body.data.publication.state).toBe(live ? "published" : "changed");
    // The page's own record of the block (its host widget) is live either way.
    expect((await visitor(`/api/host/widgets/${block.id}`)).status).toBe(200);
    const shoesPrices = (
      await t.request({ method: "GET", url: `/api/ecommerce/products-to-attributes?draft=true&limit=100` })
    ).body.data.filter((l: any) => l.productId === c.shoes.id);
    const priceSeen = (await visitor(`/api/ecommerce/attributes/${shoesPrices[0].attributeId}`)).status;
    const named = (published.body.notPublished ?? []).map((r: { model: string; id: string }) => `${r.model} ${r.id}`);
    if (live) {
      expect(await titleSeen(fresh.id)).toBe(`Fresh ${n}`);
      expect(await titleSeen(retitled.id)).toBe(`Draft title ${n}`);
      expect(await titleSeen(c.shoes.id)).toBe("Shoes");
      expect(priceSeen).toBe(200);
      expect(published.body.notPublished).toBeUndefined();
    } else {
      // As they were: never published (404), the published title, no price on the site.
      expect(await titleSeen(fresh.id)).toBe(404);
      expect(await titleSeen(retitled.id)).toBe(`Old ${n}`);
      expect(await titleSeen(c.shoes.id)).toBe(404);
      expect(priceSeen).toBe(404);
      expect(named).toEqual(
        expect.arrayContaining([
          `ecommerce/products ${fresh.id}`,
          `ecommerce/products ${retitled.id}`,
          `ecommerce/products ${c.shoes.id}`,
        ]),
      );
      // Its own publish of a product stays refused.
      expect(
        (await as(t, session())({ method: "POST", url: `/api/ecommerce/products/${fresh.id}/publish` })).status,
      ).toBe(403);
    }
  });
});
