import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

// Hidden fields (an identity's password, salt, code, codeExpiresAt) never leave the server, on
// every path of the repository that answers records: the list's first page and a page further in
// (offset > 0 reads ids first, then the page's rows: two different statements), each with and
// without filters and orderBy, each twice (the second run is the statement cache's), count, get,
// create, update, delete, find-or-create (found and created) and both bulk answers. The property
// test (no-500.property.test.ts) finds a leak only when it happens to draw such a request.
const HIDDEN = ["password", "salt", "code", "codeExpiresAt"];
const SECRET = "SECRET-hidden-value";
const URL = "/api/rbac/identities";
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const byEmail = {
  "filters[and][0][column]": "provider",
  "filters[and][0][method]": "eq",
  "filters[and][0][value]": "email",
};
const emailDesc = { "orderBy[and][0][column]": "email", "orderBy[and][0][method]": "desc" };

describe("hidden fields on every branch of the generic routes", () => {
  let t: TestApp;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // Module code (trusted) writes the hidden fields, as registration and codes do.
    const identities = t.app.repositories.get("rbac/identities")!;
    for (let i = 0; i < 6; i++) {
      const row = await identities.create(
        {
          provider: "email",
          email: `hidden-${i}@example.com`,
          password: `${SECRET}-password`,
          salt: `${SECRET}-salt`,
          code: `${SECRET}-code-${i}`,
          codeExpiresAt: new Date().toISOString(),
        },
        { trusted: true },
      );
      ids.push(row.id as string);
    }
  });
  afterAll(() => t?.close());

  const listCases: [string, Record<string, string>, number][] = [
    ["first page", {}, 6],
    ["first page, limit", { limit: "2" }, 2],
    ["offset > 0", { offset: "1", limit: "2" }, 2],
    ["offset > 0, to the end", { offset: "4" }, 2],
    ["filters", byEmail, 6],
    ["filters, offset > 0", { ...byEmail, offset: "2" }, 4],
    ["orderBy", emailDesc, 6],
    ["orderBy, offset > 0", { ...emailDesc, offset: "3", limit: "2" }, 2],
    ["filters and orderBy, offset > 0", { ...byEmail, ...emailDesc, offset: "1" }, 5],
    [
      "an or-group, offset > 0",
      {
        filters: JSON.stringify({
          or: [
            { column: "email", method: "like", value: "hidden-%" },
            { column: "provider", method: "eq", value: "telegram" },
          ],
        }),
        offset: "5",
      },
      1,
    ],
    [
      "filters as one JSON string, offset > 0",
      { "filters[and]": JSON.stringify([{ column: "provider", method: "eq", value: "email" }]), offset: "3" },
      3,
    ],
  ];

  /** Fails on a hidden field's name or value anywhere in the answer. */
  const expectNoHidden = (label: string, body: unknown) => {
    const text = JSON.stringify(body);
    expect(text, label).not.toContain(SECRET);
    for (const name of HIDDEN) expect(text, `${label}: ${name}`).not.toContain(`"${name}":`);
  };

  // Twice each: the first run builds and caches the statement, the second runs the cached one.
  for (const round of ["built", "cached"]) {
    it.each(listCases)(`GET /?%s (${round})`, async (label, params, rows) => {
      const answer = await t.request({ method: "GET", url: `${URL}?${q(params)}` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toHaveLength(rows);
      expectNoHidden(label, answer.body);
      // The rows are whole records otherwise: the page is not empty of the visible fields.
      for (const row of answer.body.data) expect(row).toMatchObject({ id: expect.any(String), provider: "email" });
    });
  }

  it.each([
    ["count", "GET", `${URL}/count?${q(byEmail)}`],
    ["get", "GET", () => `${URL}/${ids[0]}`],
    ["update", "PATCH", () => `${URL}/${ids[1]}`, { account: "acc-1" }],
    ["create", "POST", URL, { provider: "telegram", account: "tg-1" }],
    ["find-or-create, found", "POST", `${URL}/find-or-create`, { provider: "email", email: "hidden-2@example.com" }],
    ["find-or-create, found by id", "POST", `${URL}/find-or-create`, () => ({ id: ids[3] })],
    ["find-or-create, created", "POST", `${URL}/find-or-create`, { provider: "telegram", account: "tg-2" }],
    [
      "bulk create",
      "POST",
      `${URL}/bulk`,
      [
        { provider: "telegram", account: "tg-3" },
        { provider: "telegram", account: "tg-4" },
      ],
    ],
    ["bulk update", "PATCH", `${URL}/bulk`, () => ids.slice(0, 3).map((id, i) => ({ id, account: `bulk-${i}` }))],
    ["delete", "DELETE", () => `${URL}/${ids[5]}`],
  ] as [string, "GET" | "POST" | "PATCH" | "DELETE", string | (() => string), unknown?][])(
    "%s",
    async (label, method, url, data) => {
      const payload = data === undefined ? undefined : { data: typeof data === "function" ? data() : data };
      const answer = await t.request({ method, url: typeof url === "function" ? url() : url, payload });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      expectNoHidden(label, answer.body);
    },
  );
});
