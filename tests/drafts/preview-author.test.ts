import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, subjectWithRole, type SignedIn } from "../rbac/helpers.js";
import { create } from "../ecommerce/shop-fixture.js";

// A preview link previews what its author's publish would publish (docs/drafts.md, Preview): a
// role that may edit only pages (`*` on /api/host/**) would leave a product it may not publish as
// it is (never published: off the site; retitled in draft: its published title), so its link shows
// it that way (nor, unless it may publish the shop's block records, the block); a site editor
// (host and shop) would publish both, and its link shows them. The
// admin's page composer shows its live preview through the same link (web/admin/pages/page-preview.tsx).
describe(`a preview link previews what its author may publish, on ${testDialect}`, () => {
  let t: TestApp;
  let pageEditor: SignedIn;
  let blockEditor: SignedIn;
  let siteEditor: SignedIn;
  const visit = (url: string) => t.app.inject({ method: "GET", url });
  const local = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    pageEditor = await subjectWithRole(t, "preview-page-editor", [["*", "/api/host/**"]]);
    blockEditor = await subjectWithRole(t, "preview-block-editor", [
      ["*", "/api/host/**"],
      ["*", "/api/ecommerce/widgets/**"],
      ["*", "/api/ecommerce/widgets-to-products/**"],
    ]);
    siteEditor = await subjectWithRole(t, "preview-site-editor", [
      ["*", "/api/host/**"],
      ["*", "/api/ecommerce/**"],
    ]);
  });
  afterAll(() => t.close());

  /** A published page whose new block (added by `who`) lists a never-published product and a published one retitled in draft. */
  async function pageWithBlock(who: SignedIn, n: number) {
    const fresh = await create(t, "ecommerce/products", {
      adminTitle: `fresh-${n}`,
      title: { en: `Never published product ${n}` },
    });
    const retitled = await create(t, "ecommerce/products?publish=true", {
      adminTitle: `retitled-${n}`,
      title: { en: `Published title ${n}` },
    });
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/products/${retitled.id}`,
      payload: { data: { title: { en: `Draft title ${n}` } } },
    });
    const page = await create(t, "host/pages?publish=true", { url: `/authored-${n}`, slug: `authored-${n}` });
    const block = await as(
      t,
      who,
    )({
      method: "POST",
      url: `/api/host/pages/${page.id}/blocks`,
      payload: {
        data: { module: "ecommerce", variant: "product-list-default", content: { products: [fresh.id, retitled.id] } },
      },
    });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    return page;
  }

  it.each([
    // Nor may it publish the shop's record of the new block (ecommerce/widgets): the block stays off too.
    {
      who: "page editor (host only)",
      session: () => pageEditor,
      n: 1,
      shown: [],
      hidden: ["Never published product 1", "Draft title 1"],
    },
    // May publish the block's shop records, not products: the block lists the published copies.
    {
      who: "block editor (host, shop widgets)",
      session: () => blockEditor,
      n: 2,
      shown: ["Published title 2"],
      hidden: ["Never published product 2", "Draft title 2"],
    },
    {
      who: "site editor (host and shop)",
      session: () => siteEditor,
      n: 3,
      shown: ["Never published product 3", "Draft title 3"],
      hidden: ["Published title 3"],
    },
  ])("the $who's link shows what its publish would put on the site", async ({ session, n, shown, hidden }) => {
    const page = await pageWithBlock(session(), n);
    const link = await as(t, session())({ method: "POST", url: `/api/host/pages/${page.id}/preview` });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    // Anyone holding the link sees the author's preview, whoever opens it.
    const preview = await visit(local(link.body.data.url));
    expect(preview.statusCode).toBe(200);
    for (const text of shown) expect(preview.body).toContain(text);
    for (const text of hidden) expect(preview.body).not.toContain(text);
    // What the preview promised is what that author's publish gives visitors.
    expect((await as(t, session())({ method: "POST", url: `/api/host/pages/${page.id}/publish` })).status).toBe(200);
    const site = (await visit(`/authored-${n}`)).body;
    for (const text of shown) expect(site).toContain(text);
    for (const text of hidden) expect(site).not.toContain(text);
  });
});
