import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { register, bearer } from "../rbac/helpers.js";
import { exportText, importFile, republished } from "./transfer-helpers.js";

const ARTICLES = "blog/articles";
const HEADER = "id,slug,title.en,title.ru,variant";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const articles = async () =>
  (await t.request({ method: "GET", url: `/api/${ARTICLES}?limit=1000` })).body.data as Record<string, any>[];
const create = async (data: Record<string, unknown>) =>
  (await t.request({ method: "POST", url: `/api/${ARTICLES}`, payload: { data } })).body.data;

beforeEach(async () => {
  for (const article of await articles()) await t.request({ method: "DELETE", url: `/api/${ARTICLES}/${article.id}` });
});

describe("import", () => {
  test("a dry run reports rows to create, to update (by id or by a unique field) and refused, and writes nothing", async () => {
    const byId = await create({ slug: "by-id", title: { en: "By id" } });
    await create({ slug: "by-slug", title: { en: "By slug" } });
    const csv = [
      HEADER,
      `${byId.id},by-id,Renamed,,default`,
      `,by-slug,Found by its slug,,default`,
      `,brand-new,New,Новая,default`,
      `,no-variant,Bad,,`,
      `not-a-uuid,x,Bad id,,default`,
    ].join("\n");
    const { status, body } = await importFile(t, ARTICLES, csv, "articles.csv", "dryRun=true");
    expect(status).toBe(200);
    expect(body.data).toEqual({
      create: [3],
      update: [1, 2],
      rejected: [
        { row: 4, reasons: ["/variant must be string"] },
        { row: 5, reasons: ["/id must be a uuid"] },
      ],
    });
    expect((await articles()).map((a) => a.title.en).sort()).toEqual(["By id", "By slug"]);
  });

  test("without a dry run, one bad row refuses the whole file and the answer names it", async () => {
    const csv = [HEADER, `,first,First,,default`, `,second,Second,,default`, `,third,Third,,`].join("\n");
    const { status, body } = await importFile(t, ARTICLES, csv, "articles.csv");
    expect(status).toBe(400);
    expect(body.message).toBe("Validation error: nothing was imported: row 3: /variant must be string");
    expect(body.cause).toEqual([{ path: "/3", message: "/variant must be string" }]);
    expect(await articles()).toEqual([]);
  });

  test("a row the database refuses (a reference to no record) rolls back the rows written before it, and is named", async () => {
    const category = (
      await t.request({ method: "POST", url: "/api/blog/categories", payload: { data: { title: { en: "News" } } } })
    ).body.data;
    const article = await create({ title: { en: "Linked" } });
    const links = [
      { categoryId: category.id, articleId: article.id },
      { categoryId: category.id, articleId: randomUUID() },
    ];
    const { status, body } = await importFile(t, "blog/categories-to-articles", JSON.stringify(links), "links.json");
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Validation error: row 2: /);
    expect((await t.request({ method: "GET", url: "/api/blog/categories-to-articles" })).body.data).toEqual([]);
  });

  test("writes every row in one go: creates with the file's ids and createdAt (updatedAt is the import's), updates matched records", async () => {
    const started = Date.now() - 1000;
    const existing = await create({ slug: "kept", title: { en: "Old" } });
    const id = randomUUID();
    const records = [
      {
        id,
        slug: "moved",
        title: { en: "Moved", ru: "Перенесена" },
        createdAt: "2020-01-02T03:04:05.000Z",
        updatedAt: "2021-01-02T03:04:05.000Z",
      },
      { slug: "kept", title: { en: "New title" } },
    ];
    const { status, body } = await importFile(t, ARTICLES, JSON.stringify(records), "articles.json");
    expect(status).toBe(200);
    expect(body.data).toEqual({ created: 1, updated: 1 });
    const moved = (await t.request({ method: "GET", url: `/api/${ARTICLES}/${id}` })).body.data;
    expect(moved).toMatchObject({ slug: "moved", createdAt: "2020-01-02T03:04:05.000Z" });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThan(started);
    expect((await t.request({ method: "GET", url: `/api/${ARTICLES}/${existing.id}` })).body.data.title).toEqual({
      en: "New title",
    });
  });

  test("a hidden field in the file refuses its row", async () => {
    const { body } = await importFile(
      t,
      "rbac/identities",
      JSON.stringify([{ email: "a@example.com", password: "x" }]),
      "identities.json",
      "dryRun=true",
    );
    expect(body.data.rejected).toEqual([{ row: 1, reasons: ["/password is not a writable field"] }]);
  });

  test.each([
    ["a column of no field", "id,nope\n", "articles.csv", '/file column 2 "nope" is not a field of blog/articles'],
    ["a broken CSV", 'id,slug\n"x', "articles.csv", "/file line 2: a quoted cell is not closed"],
    ["JSON that is no list", '{"a":1}', "articles.json", "/file must be a JSON list of records"],
  ])("%s is a 400 naming the file's problem", async (_name, text, filename, message) => {
    const { status, body } = await importFile(t, ARTICLES, text, filename);
    expect(status).toBe(400);
    expect(body.message).toBe(`Validation error: ${message}`);
  });
});

describe("export", () => {
  test("CSV keeps commas, quotes, line breaks, unicode and the empty text apart from null", async () => {
    const tricky = {
      slug: "tricky",
      className: "",
      title: { en: 'Commas, "quotes"\nand lines', ru: "Привет, мир 🎉" },
    };
    const article = await create(tricky);
    const csv = (await exportText(t, ARTICLES)).text;
    const [header, row] = parseCsv(csv);
    expect(header).toContain("title.en");
    expect(header).toContain("title.ru");
    expect(row![header!.indexOf("title.en")]).toBe(tricky.title.en);
    expect(row![header!.indexOf("className")]).toBe("");
    expect(row![header!.indexOf("subtitle.en")]).toBe(null);
    await t.request({ method: "DELETE", url: `/api/${ARTICLES}/${article.id}` });
    expect((await importFile(t, ARTICLES, csv, "articles.csv")).status).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/${ARTICLES}/${article.id}` })).body.data).toEqual(
      republished(article),
    );
  });

  test("takes the list's filters, and never a hidden field", async () => {
    await create({ slug: "one", title: { en: "One" } });
    await create({ slug: "two", title: { en: "Two" } });
    const filters = encodeURIComponent(JSON.stringify([{ column: "slug", method: "eq", value: "two" }]));
    const json = JSON.parse((await exportText(t, ARTICLES, `format=json&filters=${filters}`)).text);
    expect(json.map((a: any) => a.slug)).toEqual(["two"]);
    await t.request({ method: "POST", url: "/api/rbac/identities", payload: { data: { email: "b@example.com" } } });
    const identities = (await exportText(t, "rbac/identities")).text;
    expect(parseCsv(identities)[0]).not.toContain("password");
    expect(identities).toContain("b@example.com");
  });

  test.each([
    ["format=xml", "Validation error: /format must be csv or json"],
    ["limit=5", "Validation error: /limit is not a query parameter of this route: use format, filters"],
  ])("?%s is a 400", async (query, message) => {
    const { status, text } = await exportText(t, ARTICLES, query);
    expect(status).toBe(400);
    expect(JSON.parse(text).message).toBe(message);
  });

  test("is for admins: a visitor and a signed-in subject without the permission are refused", async () => {
    expect((await exportText(t, ARTICLES, "format=csv", null)).status).toBe(401);
    const ann = await register(t, "ann-export@example.com");
    const signedIn = await t.app.inject({ method: "GET", url: `/api/${ARTICLES}/export`, headers: bearer(ann.jwt) });
    expect(signedIn.statusCode).toBe(403);
    const imported = await t.request({
      method: "POST",
      url: `/api/${ARTICLES}/import`,
      key: null,
      headers: bearer(ann.jwt),
    });
    expect(imported.status).toBe(403);
  });
});
