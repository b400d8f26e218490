import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

/** The banner's element in a document: the first thing in its body. */
const bannerOf = (html: string) => /<body><div role="status"[^>]*>(.*?)<\/a><\/div>/.exec(html);
const stateOf = (html: string) => /data-preview-banner="([a-z]*)"/.exec(html)?.[1];
const textOf = (html: string) =>
  (bannerOf(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

// A preview says what it is (docs/drafts.md, "Preview"): a bar above the page, in the path's
// language, with the page's publication state and schedule and a link back to its composer. The
// visitors' page never has it.
describe(`the preview's banner, on ${testDialect}`, () => {
  let t: TestApp;
  const visit = (url: string) => t.app.inject({ method: "GET", url });
  const previewOf = async (pageId: string, language = "en") => {
    const answer = await t.request({
      method: "POST",
      url: `/api/host/pages/${pageId}/preview`,
      payload: { data: { language } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = new URL(answer.body.data.url);
    return url.pathname + url.search;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("a page never published, then published, then changed, then scheduled: the banner follows, in en and ru", async () => {
    const page = await buildPage(t, "/bannered", 1, "Bannered page");
    const composer = `/admin/pages/${page.pageId}`;

    const never = (await visit(await previewOf(page.pageId))).body;
    expect(stateOf(never)).toBe("draft");
    expect(textOf(never)).toBe(
      "Preview — not published This page was never published: visitors do not see it. Back to the composer",
    );
    expect(bannerOf(never)![0]).toContain(`href="${composer}" target="_top"`);
    const neverRu = (await visit(await previewOf(page.pageId, "ru"))).body;
    expect(textOf(neverRu)).toBe(
      "Предпросмотр — не опубликовано Страница ещё не опубликована: посетители её не видят. Вернуться в редактор",
    );

    expect((await t.request({ method: "POST", url: `/api/host/pages/${page.pageId}/publish` })).status).toBe(200);
    expect(stateOf((await visit(await previewOf(page.pageId))).body)).toBe("published");
    // The visitors' page has no banner.
    const visitors = (await visit("/bannered")).body;
    expect(visitors).not.toContain("data-preview-banner");
    expect(visitors).not.toContain("Back to the composer");

    const renamed = await t.request({
      method: "PATCH",
      url: `/api/host/pages/${page.pageId}`,
      payload: { data: { title: { en: "Renamed", ru: "Переименована" } } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const changed = (await visit(await previewOf(page.pageId))).body;
    expect(stateOf(changed)).toBe("changed");
    expect(textOf(changed)).toContain("Visitors see the published page, without these changes.");

    const scheduled = await t.request({
      method: "PUT",
      url: `/api/host/pages/${page.pageId}/schedule`,
      payload: { data: { publishAt: "2031-05-04T09:30:00.000Z" } },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(textOf((await visit(await previewOf(page.pageId))).body)).toContain(
      "Publishes on May 4, 2031 at 9:30 AM UTC.",
    );
    expect(textOf((await visit(await previewOf(page.pageId, "ru"))).body)).toContain(
      "Опубликуется 4 мая 2031 г. в 09:30 UTC.",
    );
  });
});
