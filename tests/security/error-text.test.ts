import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../../engine/errors.js";
import { mapDatabaseError } from "../../engine/query/db-errors.js";
import { constraintFields } from "../../engine/sql/snapshot.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A 400 names the field and the rule it broke, never the database's own
// words (index sizes, encodings, types): those describe the server, not the request.
const DATABASE_WORDS =
  /index row|btree|byte sequence|encoding|UTF8|0x00|out of range for type|invalid input syntax|unicode escape|violates|relation "|column "|syntax error|SQLSTATE/i;

describe(`400s name the field and the rule, on ${testDialect}`, () => {
  let t: TestApp;
  let formId: string;
  beforeAll(async () => {
    t = await createTestApp();
    formId = (await t.request({ method: "POST", url: "/api/crm/forms", payload: { data: { slug: "contact" } } })).body
      .data.id;
  });
  afterAll(() => t.close());

  // Random letters: a repetitive text would compress and fit the index anyway.
  const long = (n: number) =>
    Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const writes: [name: string, url: () => string, data: object, path: string][] = [
    ["a slug too long for its unique index", () => "/api/blog/articles", { slug: long(5000) }, "/slug"],
    [
      "a slug of many-byte letters too long for its index",
      () => "/api/blog/articles",
      {
        slug: Array.from({ length: 2000 }, () => String.fromCharCode(0x430 + Math.floor(Math.random() * 32))).join(""),
      },
      "/slug",
    ],
    ["an indexed url too long", () => "/api/host/pages", { url: `/${long(4000)}` }, "/url"],
    ["a currency slug too long", () => "/api/billing/currencies", { slug: long(3000), symbol: "$" }, "/slug"],
    ["NUL in a text field", () => "/api/blog/articles", { adminTitle: "a\u0000b" }, "/adminTitle"],
    ["NUL inside a language map", () => "/api/blog/articles", { title: { en: "x\u0000" } }, "/title"],
    ["NUL in a form request", () => `/api/crm/forms/${formId}/requests`, { message: "hi\u0000" }, "/payload"],
  ];
  it.each(writes)("%s: 400 naming the field, no database words", async (_name, url, data, path) => {
    const response = await t.request({ method: "POST", url: url(), payload: { data } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Validation error: /);
    expect(response.body.message).not.toMatch(DATABASE_WORDS);
    expect(JSON.stringify(response.body.cause)).not.toMatch(DATABASE_WORDS);
    expect(response.body.cause.map((c: { path: string }) => c.path)).toContain(path);
  });

  const filters: [name: string, query: string][] = [
    [
      "NUL in a JSON filter value",
      `filters[and]=${encodeURIComponent(JSON.stringify([{ column: "slug", method: "eq", value: "a\u0000" }]))}`,
    ],
    [
      "NUL in a JSON like pattern",
      `filters[and]=${encodeURIComponent(JSON.stringify([{ column: "title->>en", method: "ilike", value: "\u0000" }]))}`,
    ],
    [
      "a very long filter value on an indexed column",
      `filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=${long(20000)}`,
    ],
  ];
  it.each(filters)("%s: 400 or an answer, never the database's words", async (_name, query) => {
    for (const suffix of ["", "/count"]) {
      const response = await t.request({ method: "GET", url: `/api/blog/articles${suffix}?${query}`, key: null });
      expect(response.status, suffix).toBeLessThan(500);
      if (response.status === 400)
        expect(response.body.cause.map((c: { path: string }) => c.path)[0]).toMatch(/^\/filters\/and\/0\/value/);
      expect(JSON.stringify(response.body)).not.toMatch(DATABASE_WORDS);
    }
  });

  // What the database would say if a value got past the checks: mapped by code, named by field.
  it.each([
    [
      {
        code: "54000",
        message: 'index row size 3016 exceeds btree version 4 maximum 2704 for index "blog_articles_slug_key"',
      },
      "/slug is too large to store",
    ],
    [
      {
        code: "54000",
        message: 'index row size 3016 exceeds btree version 4 maximum 2704 for index "host_pages_url_key"',
      },
      "/url is too large to store",
    ],
    [
      { code: "22021", message: 'invalid byte sequence for encoding "UTF8": 0x00', column: "adminTitle" },
      "/adminTitle holds a character that cannot be stored (such as NUL)",
    ],
    [
      { code: "22P05", message: "unsupported Unicode escape sequence" },
      "/ holds a character that cannot be stored (such as NUL)",
    ],
    [
      { code: "22003", message: 'value "99999999999" is out of range for type integer', column: "orderIndex" },
      "/orderIndex is out of range",
    ],
    [{ code: "22P02", message: 'invalid input syntax for type uuid: "x"' }, "/ is not a valid value"],
  ])("the database's %j becomes %j", (error, expected) => {
    const mapped = mapDatabaseError(error, constraintFields(t.app.registry)) as AppError;
    expect(mapped.message).toBe(`Validation error: ${expected}`);
    expect(JSON.stringify(mapped.causes)).not.toMatch(DATABASE_WORDS);
  });

  it("a value a database type refuses (after the schema let it through) is named by field, not by the database's message", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { createdAt: "2024-02-30T10:00:00Z" } },
    });
    expect(response.status).toBeLessThan(500);
    expect(JSON.stringify(response.body)).not.toMatch(DATABASE_WORDS);
  });
});
