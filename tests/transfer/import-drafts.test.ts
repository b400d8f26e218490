import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csvLine, parseCsv } from "../../server/crud/transfer/csv.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { exportText, importFile } from "./transfer-helpers.js";

const ARTICLES = "/api/blog/articles";

// An import is a save: it stamps its own updatedAt (a file's copy of the published time made a
// different draft read `published`, with the published copy's ETag) and records a version.
describe(`an import into an x-drafts model, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The export of one article, its title changed to `title`, everything else (updatedAt too) as exported. */
  const changedExport = async (id: string, format: "csv" | "json", title: string) => {
    const { text } = await exportText(
      t,
      "blog/articles",
      `format=${format}&filters[and][0][column]=id&filters[and][0][method]=eq&filters[and][0][value]=${id}`,
    );
    if (format === "json")
      return JSON.stringify(JSON.parse(text).map((r: any) => ({ ...r, title: { ...r.title, en: title } })));
    const [header, ...rows] = parseCsv(text);
    const column = header!.indexOf("title.en");
    return [header!, ...rows.map((row) => row.map((cell, i) => (i === column ? title : cell)))].map(csvLine).join("");
  };

  test.each(["csv", "json"] as const)(
    "%s: an imported change of a published article is a change, with its own ETag and a save version",
    async (format) => {
      const created = await t.request({
        method: "POST",
        url: `${ARTICLES}?publish=true`,
        payload: { data: { title: { en: "Live title" }, slug: `import-drafts-${format}` } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id;
      const published = await t.app.inject({ method: "GET", url: `${ARTICLES}/${id}` });
      const before = (await t.request({ method: "GET", url: `${ARTICLES}/${id}/versions` })).body.data;

      const imported = await importFile(
        t,
        "blog/articles",
        await changedExport(id, format, "Imported draft title"),
        `articles.${format}`,
      );
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.data).toEqual({ created: 0, updated: 1 });

      const working = await t.app.inject({
        method: "GET",
        url: `${ARTICLES}/${id}?draft=true`,
        headers: { "x-rbac-secret-key": "test-secret-key" },
      });
      const record = working.json().data;
      expect(record.title.en).toBe("Imported draft title");
      expect(record.publication.state).toBe("changed");
      expect(working.headers.etag).not.toBe(published.headers.etag);
      expect(Date.parse(record.updatedAt)).toBeGreaterThan(Date.parse(published.json().data.updatedAt));
      // Visitors still read what was published.
      expect((await t.request({ method: "GET", key: null, url: `${ARTICLES}/${id}` })).body.data.title.en).toBe(
        "Live title",
      );

      const after = (await t.request({ method: "GET", url: `${ARTICLES}/${id}/versions` })).body.data;
      expect(after).toHaveLength(before.length + 1);
      expect(after[0]).toMatchObject({ number: before[0].number + 1, kind: "save", changed: ["title"], subject: null });
      // The version holds what the import wrote.
      const version = (await t.request({ method: "GET", url: `${ARTICLES}/${id}/versions/${after[0].id}` })).body.data;
      expect(version.snapshot.record.title.en).toBe("Imported draft title");
    },
  );

  test("a record an import creates is a draft with its first version", async () => {
    const id = "5b3c2a8e-0f4d-4c7a-9b1e-2d6f8a9c0e11";
    const file = JSON.stringify([
      {
        id,
        slug: "import-drafts-new",
        title: { en: "Made by an import" },
        createdAt: "2020-01-02T03:04:05.000Z",
        updatedAt: "2020-01-02T03:04:05.000Z",
      },
    ]);
    const imported = await importFile(t, "blog/articles", file, "articles.json");
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const record = (await t.request({ method: "GET", url: `${ARTICLES}/${id}?draft=true` })).body.data;
    expect(record).toMatchObject({ createdAt: "2020-01-02T03:04:05.000Z", publication: { state: "draft" } });
    expect(record.updatedAt).not.toBe("2020-01-02T03:04:05.000Z");
    const versions = (await t.request({ method: "GET", url: `${ARTICLES}/${id}/versions` })).body.data;
    expect(versions.map((v: any) => [v.number, v.kind])).toEqual([[1, "save"]]);
  });
});
