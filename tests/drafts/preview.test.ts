import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreviewLinks } from "../../server/site/preview/preview-links.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

const KEY = { kind: "secret-key" } as const;
const byParent = (column: string, value: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method: "eq", value }]))}`;

// Preview (docs/drafts.md): a signed link shows a page from its working copies, through the site's own
// renderer, to whoever holds it for an hour; the visitors' page and the page cache never see it.
describe(`page preview on ${testDialect}`, () => {
  let t: TestApp;
  const editor = (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const visit = (url: string) => t.app.inject({ method: "GET", url });
  /** The link's path and query: the app is injected, not reached at PUBLIC_URL. */
  const local = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  const previewOf = async (pageId: string, data?: unknown) => {
    const answer = await t.request({
      method: "POST",
      url: `/api/host/pages/${pageId}/preview`,
      ...(data === undefined ? {} : { payload: { data } }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.url as string;
  };

  let page: Awaited<ReturnType<typeof buildPage>>;
  let featureId: string;

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    // A published page (slider, features), then a feature changed in its working copy only.
    page = await buildPage(t, "/previewed", 2, "Previewed page");
    expect((await editor("POST", `/api/host/pages/${page.pageId}/publish`)).status).toBe(200);
    const links = (
      await editor(
        "GET",
        `/api/website-builder/widgets-to-features?draft=true&${byParent("widgetId", page.widgetIds[1]!)}`,
      )
    ).body.data;
    featureId = links.find((l: any) => l.orderIndex === 0).featureId;
    const saved = await editor("PATCH", `/api/website-builder/features/${featureId}`, {
      title: { en: "Draft feature", ru: "Черновик" },
    });
    expect(saved.body.data.publication.state).toBe("changed");
  });
  afterAll(() => t.close());

  it("renders the working copies in either language, answered private, no-store and noindex; the visitors' page is unchanged", async () => {
    expect((await visit("/previewed")).body).toContain("Feature 0"); // warms the page cache
    const cached = t.app.site.pages.cache.size;
    const url = await previewOf(page.pageId);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/previewed\?preview=\d+\.key\.[A-Za-z0-9_-]{43}$/);

    const en = await visit(local(url));
    expect(en.statusCode).toBe(200);
    expect(en.headers["cache-control"]).toBe("private, no-store");
    expect(en.headers["x-robots-tag"]).toBe("noindex");
    expect(en.headers.etag).toBeUndefined();
    // The admin's composer frames the preview; only this origin may (other documents: none).
    expect(en.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(en.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect((await visit("/previewed")).headers["x-frame-options"]).toBe("DENY");
    expect(en.body).toContain("Draft feature");
    expect(en.body).not.toContain('{"en":"Feature 0"}'); // the published title (its adminTitle stays "Feature 0")
    expect(en.body).toContain('<html lang="en"');

    // The same token under the /ru prefix, or a link asked for in Russian.
    const ru = await visit(local(url).replace("/previewed", "/ru/previewed"));
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain("Черновик");
    expect(ru.body).toContain('<html lang="ru"');
    const ruLink = await previewOf(page.pageId, { language: "ru" });
    expect(new URL(ruLink).pathname).toBe("/ru/previewed");
    expect((await visit(local(ruLink))).body).toContain("Черновик");

    // Never stored: the cache holds what it held, and visitors still get the published page from it.
    expect(t.app.site.pages.cache.size).toBe(cached);
    const visitor = await visit("/previewed");
    expect(visitor.headers["x-cache"]).toBe("HIT");
    expect(visitor.body).toContain("Feature 0");
    expect(visitor.body).not.toContain("Draft feature");
    expect((await visit("/ru/previewed")).body).not.toContain("Черновик");

    // The preview marks its blocks and texts for the composer (web/site/render/edit-marks.ts); the visitors' page does not.
    expect(en.body).toMatch(/data-edit-block="[0-9a-f-]{36}"/);
    expect(en.body).toMatch(/data-edit-text="[0-9a-f-]{36}:title"/);
    expect(visitor.body).not.toContain("data-edit-");
  });

  it("previews a page that was never published, which visitors cannot see", async () => {
    const fresh = await buildPage(t, "/unpublished", 2, "Never published");
    expect((await visit("/unpublished")).statusCode).toBe(404);
    const answer = await visit(local(await previewOf(fresh.pageId)));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("<title>Never published</title>");
    expect((await visit("/unpublished")).statusCode).toBe(404);
  });

  it("refuses an expired, tampered or other page's link with a clear 403, and an unknown address alike", async () => {
    const url = new URL(await previewOf(page.pageId));
    const token = url.searchParams.get("preview")!;
    const at = (path: string, value: string) => visit(`${path}?preview=${encodeURIComponent(value)}`);

    const [expires, author, signature] = token.split(".");
    expect(author).toBe("key");
    const tampered = await at(
      "/previewed",
      `${expires}.${author}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`,
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.headers["cache-control"]).toBe("private, no-store");
    expect(tampered.headers["x-robots-tag"]).toBe("noindex");
    expect(tampered.body).toContain("not valid for this page");
    expect(tampered.body).not.toContain("Draft feature");
    // A later expiry under the old signature is a forgery too.
    expect((await at("/previewed", `${Number(expires) + 3600}.${author}.${signature}`)).statusCode).toBe(403);
    // …and so is another author under the key's signature (a subject's link made the key's).
    expect((await at("/previewed", `${expires}.${crypto.randomUUID()}.${signature}`)).statusCode).toBe(403);
    expect((await at("/previewed", "garbage")).statusCode).toBe(403);
    expect((await at("/ru/previewed", "")).body).toContain("Ссылка предпросмотра недействительна");

    // Another page's link at this page's address.
    const other = await buildPage(t, "/other-page", 1, "Other page");
    const otherToken = new URL(await previewOf(other.pageId)).searchParams.get("preview")!;
    const wrongPage = await at("/previewed", otherToken);
    expect(wrongPage.statusCode).toBe(403);
    expect(wrongPage.body).not.toContain("Draft feature");

    // Made with the server's own secret, an hour and a second ago: expired.
    const { rows } = await sql<{
      secret: string;
    }>`SELECT "secret" FROM "rbac_signing_keys" WHERE "purpose" = 'session-jwt'`.execute(t.database.db);
    const old = new PreviewLinks(rows[0]!.secret).token(page.pageId, KEY, Date.now() - 3_601_000);
    const expired = await at("/previewed", old);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain("expired");
    // …while the same secret's token made now is good: the test's forgery is the server's own kind.
    expect((await at("/previewed", new PreviewLinks(rows[0]!.secret).token(page.pageId, KEY))).statusCode).toBe(200);
    // The older form without an author (`{expiry}.{HMAC}`, signed as it was) is refused, never a 500.
    const later = Math.floor(Date.now() / 1000) + 3600;
    const oldForm = `${later}.${createHmac("sha256", rows[0]!.secret).update(`page-preview:${page.pageId}:${later}`).digest("base64url")}`;
    const refusedOld = await at("/previewed", oldForm);
    expect(refusedOld.statusCode).toBe(403);
    expect(refusedOld.body).toContain("not valid for this page");

    // No page at the address: refused alike (preview-refusals.test.ts), never a 404 that tells drafts apart.
    expect((await at("/no-such-page", token)).statusCode).toBe(403);
  });

  it("gives links to editors only, for a page that exists, with a checked body", async () => {
    const anonymous = await t.request({ method: "POST", url: `/api/host/pages/${page.pageId}/preview`, key: null });
    expect(anonymous.status).toBe(401);
    expect((await editor("POST", `/api/host/pages/${crypto.randomUUID()}/preview`)).status).toBe(404);
    expect((await editor("POST", "/api/host/pages/not-an-id/preview")).status).toBe(400);
    expect((await editor("POST", `/api/host/pages/${page.pageId}/preview`, { language: "xx" })).status).toBe(400);
    expect((await editor("POST", `/api/host/pages/${page.pageId}/preview`, { path: "/other-page" })).status).toBe(400);
    expect((await editor("POST", `/api/host/pages/${page.pageId}/preview`, { colour: "red" })).status).toBe(400);
  });

  it("shows a template page at one of its addresses once published, from working copies", async () => {
    const template = await buildPage(t, "/blog/articles/[blog.articles.slug]", 1, "Article template");
    // The address a published article gives (a draft one is no address of the page: preview-tree.test.ts).
    await editor("POST", "/api/blog/articles?publish=true", { slug: "shown-article", title: { en: "Shown article" } });
    const url = new URL(await previewOf(template.pageId));
    expect(url.pathname).toBe("/blog/articles/shown-article");
    const answer = await visit(url.pathname + url.search);
    expect(answer.statusCode).toBe(200);
    // The article's own title heads its page (common/site/item-metadata.ts); the draft template's description shows through.
    expect(answer.body).toContain("<title>Shown article</title>");
    expect(answer.body).toContain('<meta name="description" content="Article template description">');
    // Visitors: the page is not published.
    expect((await visit("/blog/articles/shown-article")).statusCode).toBe(404);
  });
});
