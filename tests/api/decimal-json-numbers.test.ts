import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

// The rule for a decimal field (docs/shop.md "Money is exact"): a decimal string always; a JSON number
// only when its shortest text is exactly the decimal written (at most 15 significant digits, no
// exponent), stored from that text; anything else a 400 naming the string form. The bodies are
// sent as raw JSON text, so a literal such as 12345678901234567 reaches the server as written.
const URL = "/api/ecommerce/attributes";
const REFUSED = /^Validation error: \/number must be a decimal string such as "12\.50"/;

/** [JSON literal of `number`, what the record holds afterwards, or null for a 400]. */
const cases: [string, string | null][] = [
  ["12.5", "12.5"],
  ["0.1", "0.1"],
  ["-3.75", "-3.75"],
  ["0", "0"],
  ["-0", "0"],
  ["100", "100"],
  ["0.000001", "0.000001"],
  ["999999999999999", "999999999999999"],
  ["123456789012.345", "123456789012.345"],
  ["1.5e2", "150"],
  ['"12.50"', "12.50"],
  ['"90071992547409.93"', "90071992547409.93"],
  // Not exact, or not a decimal the column takes: refused, never rounded.
  ["12345678901234567", null],
  ["1234567890123456", null],
  ["0.30000000000000004", null],
  ["1e21", null],
  ["1e-7", null],
  ["0.1234567890123", null],
  ['"1e3"', null],
  ['"12,50"', null],
  ["true", null],
];

describe("decimal fields and JSON numbers", () => {
  let t: TestApp;
  let existing: string;

  const send = (method: "POST" | "PATCH", url: string, data: string) =>
    t.request({ method, url, headers: { "content-type": "application/json" }, payload: `{"data":${data}}` });

  beforeAll(async () => {
    t = await createTestApp();
    existing = (await send("POST", URL, '{"number":"1.00","string":{}}')).body.data.id;
  });
  afterAll(() => t?.close());

  it.each(cases)("POST / with number %s → %s", async (literal, stored) => {
    const answer = await send("POST", URL, `{"number":${literal},"string":{}}`);
    if (stored === null) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(REFUSED);
      expect(answer.body.cause).toEqual([
        { path: "/number", message: expect.stringContaining('decimal string such as "12.50"') },
      ]);
      return;
    }
    expect(answer.status).toBe(201);
    expect(answer.body.data.number).toBe(stored);
    expect((await t.request({ method: "GET", url: `${URL}/${answer.body.data.id}` })).body.data.number).toBe(stored);
  });

  it.each(cases)("PATCH /{id} with number %s → %s", async (literal, stored) => {
    const answer = await send("PATCH", `${URL}/${existing}`, `{"number":${literal}}`);
    expect(answer.status).toBe(stored === null ? 400 : 200);
    if (stored === null) expect(answer.body.message).toMatch(REFUSED);
    else expect(answer.body.data.number).toBe(stored);
  });

  it("bulk create, bulk update and find-or-create follow the same rule and name the item", async () => {
    const created = await send("POST", `${URL}/bulk`, '[{"number":12.5,"string":{}},{"number":"0.10","string":{}}]');
    expect(created.status).toBe(201);
    expect(created.body.data.map((r: any) => r.number)).toEqual(["12.5", "0.10"]);
    const refused = await send(
      "POST",
      `${URL}/bulk`,
      '[{"number":12.5,"string":{}},{"number":12345678901234567,"string":{}}]',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Validation error: \/1\/number must be a decimal string such as "12\.50"/);
    const updated = await send("PATCH", `${URL}/bulk`, `[{"id":"${created.body.data[0].id}","number":0.1}]`);
    expect(updated.status).toBe(200);
    expect(updated.body.data[0].number).toBe("0.1");
    const found = await send(
      "POST",
      `${URL}/find-or-create`,
      `{"id":"${created.body.data[0].id}","number":0.1,"string":{}}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(created.body.data[0].id);
    expect((await send("POST", `${URL}/find-or-create`, '{"number":1e21,"string":{}}')).status).toBe(400);
  });

  it("a filter value follows the same rule: an exact number matches, an inexact one is a 400", async () => {
    const id = (await send("POST", URL, '{"number":"77.25","string":{}}')).body.data.id;
    const filter = (value: string) =>
      `${URL}?filters=${encodeURIComponent(`[{"column":"number","method":"eq","value":${value}}]`)}`;
    const hit = await t.request({ method: "GET", url: filter("77.25") });
    expect(hit.status).toBe(200);
    expect(hit.body.data.map((r: any) => r.id)).toEqual([id]);
    for (const value of ["12345678901234567", "1e21", "0.30000000000000004"]) {
      expect((await t.request({ method: "GET", url: filter(value) })).status, value).toBe(400);
    }
  });
});
