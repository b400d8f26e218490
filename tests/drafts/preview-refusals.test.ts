import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

// docs/drafts.md, "Preview": a token that opens nothing gets one answer wherever it is used. Were
// it a 403 where a working copy is and a 404 elsewhere, `?preview=x` would tell anyone which draft
// pages and which unpublished records' slugs exist.
describe(`preview refusals on ${testDialect}`, () => {
  let t: TestApp;
  const visit = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    const published = await buildPage(t, "/published-page", 1, "Published page");
    expect((await t.request({ method: "POST", url: `/api/host/pages/${published.pageId}/publish` })).status).toBe(200);
    await buildPage(t, "/draft-only-page", 1, "Draft only page");
    // A template page and an article that exist only as working copies.
    await buildPage(t, "/blog/articles/[blog.articles.slug]", 1, "Article template");
    const article = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { slug: "secret-slug", title: { en: "Secret" } } },
    });
    expect(article.status, JSON.stringify(article.body)).toBe(201);
  });
  afterAll(() => t.close());

  const addresses = [
    ["a published page", "/published-page"],
    ["a page never published", "/draft-only-page"],
    ["an unpublished article's slug", "/blog/articles/secret-slug"],
    ["a slug no record has", "/blog/articles/no-such-slug"],
    ["an address no page has", "/no-such-page"],
    ["an address no page has, in Russian", "/ru/no-such-page"],
  ] as const;
  const tokens = ["x", "", "1767225600.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"];

  it.each(tokens)("answers token %j alike at every address, draft or none", async (token) => {
    const answers = [];
    for (const [what, path] of addresses) {
      const answer = await visit(`${path}?preview=${encodeURIComponent(token)}`);
      answers.push({
        what,
        status: answer.statusCode,
        cacheControl: answer.headers["cache-control"],
        robots: answer.headers["x-robots-tag"],
        body: answer.body.replace('lang="ru"', 'lang="en"'),
      });
    }
    for (const answer of answers) {
      expect(answer.status, answer.what).toBe(403);
      expect(answer.cacheControl, answer.what).toBe("private, no-store");
      expect(answer.robots, answer.what).toBe("noindex");
      expect(answer.body, answer.what).not.toMatch(/Secret|Draft only page|Published page/);
    }
    // One document per language, whatever is or is not at the address.
    const english = answers.filter((a) => !a.what.includes("Russian"));
    expect(new Set(english.map((a) => a.body)).size).toBe(1);
  });

  it("leaves visitors without a token the published site (drafts 404, published 200)", async () => {
    expect((await visit("/published-page")).statusCode).toBe(200);
    expect((await visit("/draft-only-page")).statusCode).toBe(404);
    expect((await visit("/blog/articles/secret-slug")).statusCode).toBe(404);
  });
});
