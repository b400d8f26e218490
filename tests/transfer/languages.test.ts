import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { exportText, importFile, republished } from "./transfer-helpers.js";

// Export and import follow the LANGUAGES setting: with en,ru,de a language map is three CSV
// columns, and a German text goes out and comes back like the English one.

const ARTICLES = "blog/articles";

describe(`CSV export and import with LANGUAGES=en,ru,de on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ languages: ["en", "ru", "de"], defaultLanguage: "en" });
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (id: string) => (await t.request({ method: "GET", url: `/api/${ARTICLES}/${id}` })).body.data;

  test("a language map is one column per configured language, German included, and comes back whole", async () => {
    const article = (
      await t.request({
        method: "POST",
        url: `/api/${ARTICLES}`,
        payload: {
          data: { slug: "drei", title: { en: "Three", ru: "Три", de: "Drei" }, description: { de: "Nur auf Deutsch" } },
        },
      })
    ).body.data;
    const csv = (await exportText(t, ARTICLES)).text;
    const [header, row] = parseCsv(csv);
    expect(header!.filter((h) => h!.startsWith("title."))).toEqual(["title.en", "title.ru", "title.de"]);
    expect(row![header!.indexOf("title.de")]).toBe("Drei");
    expect(row![header!.indexOf("description.de")]).toBe("Nur auf Deutsch");
    expect(row![header!.indexOf("description.en")]).toBe(null);

    // Into an empty table: the same record, German and all.
    await t.request({ method: "DELETE", url: `/api/${ARTICLES}/${article.id}` });
    expect((await importFile(t, ARTICLES, csv, "articles.csv")).body).toEqual({ data: { created: 1, updated: 0 } });
    expect(await get(article.id)).toEqual(republished(article));

    // A German cell edited in the file updates the record's German text only.
    const edited = csv.replace("Drei", "Dreifach");
    expect((await importFile(t, ARTICLES, edited, "articles.csv", "dryRun=true")).body.data).toEqual({
      create: [],
      update: [1],
      rejected: [],
    });
    expect((await importFile(t, ARTICLES, edited, "articles.csv")).body).toEqual({ data: { created: 0, updated: 1 } });
    expect((await get(article.id)).title).toEqual({ en: "Three", ru: "Три", de: "Dreifach" });
  });

  test("a text in a language outside the setting is kept when a CSV file updates its record", async () => {
    const article = (
      await t.request({
        method: "POST",
        url: `/api/${ARTICLES}`,
        payload: { data: { slug: "vier", title: { en: "Four", fr: "Quatre" } } },
      })
    ).body.data;
    expect(article.title).toEqual({ en: "Four", fr: "Quatre" });
    const csv = (await exportText(t, ARTICLES)).text;
    expect(parseCsv(csv)[0]).not.toContain("title.fr");
    expect((await importFile(t, ARTICLES, csv.replaceAll("Four", "Vier"), "articles.csv")).status).toBe(200);
    expect((await get(article.id)).title).toEqual({ en: "Vier", fr: "Quatre" });
    // JSON carries every key: what the file says is what the record gets.
    const json = JSON.stringify([{ id: article.id, slug: "vier", title: { en: "Vier" } }]);
    expect((await importFile(t, ARTICLES, json, "articles.json")).status).toBe(200);
    expect((await get(article.id)).title).toEqual({ en: "Vier" });
  });

  test("a CSV column of a language outside the setting is refused, not dropped", async () => {
    const { status, body } = await importFile(t, ARTICLES, "slug,title.en,title.fr\nx,X,Ex\n", "articles.csv");
    expect(status).toBe(400);
    expect(body.message).toBe('Validation error: /file column 3 "title.fr" is not a field of blog/articles');
  });
});
