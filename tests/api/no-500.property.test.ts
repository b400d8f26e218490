// Property: whatever a client sends to the generic routes of any model, the server never
// answers 5xx, every 4xx has the JSON error body (docs/api.md "Errors"), valid bodies are accepted and refused ones
// change nothing. Bodies, filters, ids and pages are generated from each model's schema.
import fc, { type Arbitrary } from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRegistry } from "../helpers/app-registry.js";
import type { Model } from "../../engine/schema/model.js";
import {
  bodyRequest,
  createCaseArb,
  describeRequest,
  encodingArb,
  garbageQueryArb,
  idCaseArb,
  listCaseArb,
  malformedSegments,
  normalized,
  RawJson,
  updateCaseArb,
  type BodyCase,
  type Sent,
} from "../helpers/arbitraries.js";
import {
  apiPath,
  createParents,
  createRecord,
  errorBodyProblems,
  hiddenFieldLeaks,
  query,
  answeredKeys,
  type Row,
} from "../helpers/build-record.js";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { announcedSeed, seedFor } from "../helpers/fc-seed.js";

const models = appRegistry().exposed;
/** Runs per model and route kind; FC_RUNS=200 for a longer hunt. The seed: fc-seed.ts (fixed under CI, FC_SEED to replay). */
const numRuns = Number(process.env.FC_RUNS ?? 12);
const seed = announcedSeed();
const LIST_DEFAULT = 100;
const LIST_MAX = 1000;

type Answer = { status: number; body: any };

const show = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text === undefined
    ? String(value)
    : text.length > 1500
      ? `${text.slice(0, 1500)}… (${text.length} chars)`
      : text;
};
/** A decimal string's value and scale: no sign on zero, no leading zeros. */
const decimalValue = (text: string) => {
  const [whole = "", fraction] = text.replace(/^-/, "").split(".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  const zero = /^0*$/.test(digits + (fraction ?? ""));
  return `${text.startsWith("-") && !zero ? "-" : ""}${digits}${fraction === undefined ? "" : `.${fraction}`}`;
};
const isObject = (v: unknown): v is Row =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof RawJson);

describe(`no 5xx from the generic routes on ${testDialect}`, () => {
  let t: TestApp;
  const cache = new Map<string, Row>();
  /** Per model: the parent of each foreign key, and records that exist (never deleted here). */
  const contexts = new Map<string, { parents: Record<string, string>; existing: string[] }>();

  beforeAll(async () => {
    // The queues would deliver the notifications, run the jobs and link receipts to the orders
    // made here, changing records between a refused write and its check: this instance only queues.
    t = await createTestApp({ notifications: { ...configFromEnv({}).notifications, worker: false } });
    for (const model of models) {
      const parents = await createParents(t, model, { cache, all: true });
      const existing = [
        (await createRecord(t, model, {}, { cache, all: true })).id as string,
        (await createRecord(t, model, {}, { cache })).id as string,
      ];
      contexts.set(model.id, { parents, existing });
    }
  });
  afterAll(() => t?.close());

  const send = async (sent: Sent): Promise<Answer> =>
    t.request({ method: sent.method, url: sent.url, headers: sent.headers, payload: sent.payload });

  function fail(why: string, sent: Sent, answer: Answer): never {
    throw new Error(`${why}\n  request: ${describeRequest(sent)}\n  answer:  ${answer.status} ${show(answer.body)}`);
  }

  /** What holds for every answer: no 5xx, the JSON error body, `{ data }` without hidden fields. */
  function checkAnswer(model: Model, sent: Sent, answer: Answer) {
    if (answer.status >= 500) fail(`a ${answer.status}`, sent, answer);
    if (answer.status >= 400) {
      const problems = errorBodyProblems(answer.status, answer.body);
      if (problems.length) fail(`error body not as docs/api.md says: ${problems.join("; ")}`, sent, answer);
      return;
    }
    if (!isObject(answer.body) || !("data" in answer.body)) fail("a success without { data }", sent, answer);
    const leaks = hiddenFieldLeaks(model, answer.body);
    if (leaks.length) fail(`hidden fields returned: ${leaks.join(", ")}`, sent, answer);
  }

  function expectStatus(allowed: number[], sent: Sent, answer: Answer, why: string) {
    if (allowed.includes(201) || allowed.includes(200)) if (refusedBeyondSchema(sent, answer)) return;
    if (!allowed.includes(answer.status))
      fail(`expected ${allowed.join(" or ")} (${why}), got ${answer.status}`, sent, answer);
  }

  /**
   * A body its schema allows that the server still refuses, for what only it can check: a
   * webhook's URL must pass the SSRF guard (a public address its name resolves to) and its event
   * patterns must each match an event (server/modules/admin/webhooks/webhook-writes.ts). Such a
   * 400 names only those fields.
   */
  const BEYOND_SCHEMA: [string, string[]][] = [["/api/admin/webhooks", ["/url", "/events"]]];
  function refusedBeyondSchema(sent: Sent, answer: Answer): boolean {
    const rule = BEYOND_SCHEMA.find(([path]) => sent.url.split("?")[0]!.startsWith(path));
    const causes = answer.body?.cause;
    return (
      !!rule &&
      answer.status === 400 &&
      Array.isArray(causes) &&
      causes.length > 0 &&
      causes.every((c: Row) => rule[1].some((field) => String(c.path).startsWith(field)))
    );
  }

  /** A record as the routes return it: every visible field, and the values that were sent. */
  function checkRecord(model: Model, record: unknown, sentData: Row, sent: Sent, answer: Answer) {
    if (!isObject(record)) fail("the record is not an object", sent, answer);
    const keys = Object.keys(record).sort();
    const expected = answeredKeys(model);
    if (JSON.stringify(keys) !== JSON.stringify(expected))
      fail(`record fields ${keys.join(",")} are not ${expected.join(",")}`, sent, answer);
    for (const [name, value] of Object.entries(sentData)) {
      const field = model.fieldMap.get(name);
      if (name !== "id" && (!field || field.readOnly)) continue;
      try {
        // numeric keeps a decimal's value and scale, not its spelling: "-0" comes back as "0".
        if (field?.kind === "decimal" && typeof value === "string")
          expect(decimalValue(String(record[name]))).toBe(decimalValue(value));
        else expect(record[name]).toEqual(normalized(value));
      } catch {
        fail(`${name} came back as ${show(record[name])}, sent ${show(value)}`, sent, answer);
      }
    }
  }

  /** Fields of a body that may collide with a stored record (alone or unique together): a 409 is then a fair answer. */
  const mayConflict = (model: Model, data: unknown) =>
    isObject(data) &&
    Object.keys(data).some(
      (k) => k === "id" || model.fieldMap.get(k)?.unique || model.uniqueTogether.some((set) => set.includes(k)),
    );

  /** The expected statuses for a body case sent to create. */
  function checkCreateCase(model: Model, c: BodyCase, sent: Sent, answer: Answer, created: number[]) {
    if (c.expect === "valid")
      expectStatus(mayConflict(model, c.data) ? [...created, 409] : created, sent, answer, c.label);
    if (c.expect === "invalid") expectStatus([400], sent, answer, c.label);
    if (c.expect === "bad-parent") {
      expectStatus([400], sent, answer, c.label);
      if (!answer.body.cause?.some((x: Row) => x.path === `/${c.field}`))
        fail(`the 400 does not name /${c.field}`, sent, answer);
    }
  }

  /** One property per test, seeded from the run's seed and the test's name (fc-seed.ts). */
  const run = <T>(arb: Arbitrary<T>, predicate: (value: T) => Promise<void>) =>
    fc.assert(fc.asyncProperty(arb, predicate), {
      numRuns,
      seed: seedFor(expect.getState().currentTestName ?? "", seed),
    });

  const context = (model: Model) => contexts.get(model.id)!;

  describe("POST / (create)", () => {
    it.each(models)("$id", async (model) => {
      const { parents } = context(model);
      await run(fc.tuple(createCaseArb(model, parents), encodingArb), async ([c, encoding]) => {
        const sent = bodyRequest("POST", apiPath(model), c.data, encoding);
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        checkCreateCase(model, c, sent, answer, [201]);
        if (answer.status === 201) {
          if (c.expect === "valid") checkRecord(model, answer.body.data, c.data as Row, sent, answer);
          else if (c.expect !== "any") fail(`created from an invalid body (${c.label})`, sent, answer);
        }
      });
    });
  });

  describe("POST /find-or-create", () => {
    it.each(models)("$id", async (model) => {
      const { parents } = context(model);
      await run(fc.tuple(createCaseArb(model, parents), encodingArb), async ([c, encoding]) => {
        const sent = bodyRequest("POST", `${apiPath(model)}/find-or-create`, c.data, encoding);
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        checkCreateCase(model, c, sent, answer, [200, 201]);
        if (answer.status === 201 && c.expect === "valid")
          checkRecord(model, answer.body.data, c.data as Row, sent, answer);
        // The same body again finds that record.
        if (
          (answer.status === 200 || answer.status === 201) &&
          c.expect === "valid" &&
          isObject(c.data) &&
          Object.keys(c.data).length
        ) {
          const again = await send(sent);
          checkAnswer(model, sent, again);
          expectStatus([200], sent, again, "the same body again finds the record");
          if (again.body.data.id !== answer.body.data.id)
            fail(`found ${again.body.data.id}, not ${answer.body.data.id}`, sent, again);
        }
      });
    });
  });

  describe("POST /bulk", () => {
    it.each(models)("$id", async (model) => {
      const { parents } = context(model);
      // Valid items carry an id, so that a refused batch can be checked to have created nothing.
      const item = fc
        .tuple(createCaseArb(model, parents), fc.uuid())
        .map(([c, id]) =>
          c.expect === "valid" && isObject(c.data) ? { ...c, data: { ...c.data, id: c.data.id ?? id } } : c,
        );
      const batch = fc.oneof(
        {
          weight: 8,
          arbitrary: fc
            .array(item, { minLength: 1, maxLength: 3 })
            .map((items) => ({ items, data: items.map((i) => i.data) as unknown })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom<unknown>([], {}, "x", 42, null).map((data) => ({ items: [] as BodyCase[], data })),
        },
      );
      const countIds = async (ids: string[]) =>
        (
          await t.request({
            method: "GET",
            url: `${apiPath(model)}/count?${query({ filters: { and: [{ column: "id", method: "inArray", value: ids }] } })}`,
          })
        ).body.data;
      await run(fc.tuple(batch, encodingArb), async ([{ items, data }, encoding]) => {
        const ids = items.filter((i) => i.expect === "valid").map((i) => (i.data as Row).id as string);
        // Shrinking replays ids an earlier run may have created: count them before.
        const before = ids.length ? await countIds(ids) : 0;
        const sent = bodyRequest("POST", `${apiPath(model)}/bulk`, data, encoding);
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        if (!items.length) expectStatus([400], sent, answer, "data is not a list of records");
        else if (items.every((i) => i.expect === "valid"))
          expectStatus([201, 409], sent, answer, "every item is valid");
        else if (items.every((i) => i.expect !== "any"))
          expectStatus(
            [400],
            sent,
            answer,
            items
              .filter((i) => i.expect !== "valid")
              .map((i) => i.label)
              .join("; "),
          );
        if (answer.status === 201) {
          if (!Array.isArray(answer.body.data) || answer.body.data.length !== items.length)
            fail(`created ${answer.body.data?.length} of ${items.length}`, sent, answer);
          items.forEach((i, n) => isObject(i.data) && checkRecord(model, answer.body.data[n], i.data, sent, answer));
        } else if (ids.length) {
          // All or nothing: a refused batch leaves none of its records behind.
          const after = await countIds(ids);
          if (after !== before) fail(`a refused batch left ${after - before} of its records`, sent, answer);
        }
      });
    });
  });

  describe("PATCH /bulk", () => {
    it.each(models)("$id", async (model) => {
      const { parents, existing } = context(model);
      const item = fc
        .tuple(idCaseArb(existing, { existingWeight: 12, routes: false }), updateCaseArb(model, parents, 4))
        .map(([id, c]) => {
          const raw = id.kind === "malformed" ? decodeURIComponentSafe(id.segment) : id.segment;
          return { id, c, data: isObject(c.data) ? { ...c.data, id: raw } : c.data };
        });
      const batch = fc.oneof(
        { weight: 8, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, "x", 42).map((data) => data) },
      );
      await run(fc.tuple(batch, encodingArb), async ([items, encoding]) => {
        const list =
          Array.isArray(items) && items.length && isObject(items[0]) && "c" in items[0]
            ? (items as { id: { kind: string }; c: BodyCase; data: unknown }[])
            : [];
        const data = list.length ? list.map((i) => i.data) : items;
        const touched = existing.filter((id) => list.some((i) => (i.data as Row | undefined)?.id === id));
        const before = await recordsById(model, touched);
        const sent = bodyRequest("PATCH", `${apiPath(model)}/bulk`, data, encoding);
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        const bodies = list.map((i) => i.c);
        const missing = list.some((i) => i.id.kind === "missing");
        if (!list.length) expectStatus([400], sent, answer, "data is not a list of updates");
        else if (bodies.some((c) => c.expect === "any")) {
          // A huge or deep body: stored, refused or too large, as long as it is no 5xx.
        } else if (list.some((i) => i.id.kind === "malformed" || !isObject(i.data))) {
          expectStatus([400], sent, answer, "a malformed id or an item that is no object");
        } else if (bodies.some((c) => c.expect === "invalid")) {
          // Values only the database refuses (NUL, int4 range) are met in item order: an
          // earlier missing record may be found first.
          expectStatus(
            missing ? [400, 404] : [400],
            sent,
            answer,
            bodies
              .filter((c) => c.expect === "invalid")
              .map((c) => c.label)
              .join("; "),
          );
        } else {
          expectStatus(missing ? [404, 409] : [200, 409], sent, answer, "valid updates");
        }
        if (answer.status === 200) {
          if (!Array.isArray(answer.body.data) || answer.body.data.length !== list.length)
            fail(`updated ${answer.body.data?.length} of ${list.length}`, sent, answer);
          list.forEach((i, n) => {
            if (answer.body.data[n]?.id !== (i.data as Row).id)
              fail(`item ${n} came back as ${answer.body.data[n]?.id}`, sent, answer);
          });
        } else {
          // All or nothing: a refused batch changes none of the records.
          const after = await recordsById(model, touched);
          try {
            expect(after).toEqual(before);
          } catch {
            fail(`a refused batch changed records: before ${show(before)} after ${show(after)}`, sent, answer);
          }
        }
      });
    });
  });

  describe("GET, PATCH, DELETE /{id}", () => {
    it.each(models)("$id", async (model) => {
      const { parents, existing } = context(model);
      const cases = fc.oneof(
        fc.record({
          method: fc.constant("GET" as const),
          id: idCaseArb(existing),
          c: fc.constant(undefined),
          encoding: encodingArb,
        }),
        fc.record({
          method: fc.constant("PATCH" as const),
          id: idCaseArb(existing, { existingWeight: 4 }),
          c: updateCaseArb(model, parents, 3),
          encoding: encodingArb,
        }),
        fc.record({
          method: fc.constant("DELETE" as const),
          id: idCaseArb([]),
          c: fc.constant(undefined),
          encoding: encodingArb,
        }),
      );
      await run(cases, async ({ method, id, c, encoding }) => {
        const url = `${apiPath(model)}/${id.segment}`;
        const sent: Sent = c ? bodyRequest(method, url, c.data, encoding) : { method, url };
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        if (id.kind === "malformed") {
          if (c?.expect === "any") {
            if (answer.status < 400) fail("a malformed id accepted", sent, answer);
          } else expectStatus([400], sent, answer, "a malformed id");
        }
        if (id.kind === "route") {
          if (method === "GET" && id.segment === "count") expectStatus([200], sent, answer, "GET /count");
          else if (answer.status < 400) fail("a route name taken as an id", sent, answer);
        }
        if (id.kind === "existing" || id.kind === "missing") {
          if (method !== "PATCH" || c!.expect === "valid") {
            const found = id.kind === "existing" ? 200 : 404;
            expectStatus(
              method === "PATCH" && mayConflict(model, c!.data) && found === 200 ? [200, 409] : [found],
              sent,
              answer,
              `${id.kind} record`,
            );
          } else if (c!.expect === "invalid") expectStatus([400], sent, answer, c!.label);
        }
        if (answer.status === 200 && id.kind === "existing") {
          if (answer.body.data?.id !== id.segment) fail("another record came back", sent, answer);
          checkRecord(model, answer.body.data, c?.expect === "valid" ? (c.data as Row) : {}, sent, answer);
        }
      });
    });
  });

  describe("GET / (list)", () => {
    it.each(models)("$id", async (model) => {
      const { existing } = context(model);
      const cases = fc.oneof(
        { weight: 6, arbitrary: listCaseArb(model, existing) },
        {
          weight: 1,
          arbitrary: garbageQueryArb.map((q) => ({ query: q, mustRefuse: false, limit: undefined, describe: q })),
        },
      );
      await run(cases, async (c) => {
        const sent: Sent = { method: "GET", url: `${apiPath(model)}?${c.query}` };
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        expectStatus(
          c.mustRefuse ? [400] : [200, 400],
          sent,
          answer,
          c.mustRefuse ? "an unknown column, method, direction or page" : "a list query",
        );
        if (answer.status === 200) {
          const rows = answer.body.data;
          if (!Array.isArray(rows)) fail("the list is not a list", sent, answer);
          const max = Math.min(c.limit ?? LIST_DEFAULT, LIST_MAX);
          if (rows.length > max) fail(`${rows.length} records, more than the limit ${max}`, sent, answer);
          for (const row of rows) checkRecord(model, row, {}, sent, answer);
        }
      });
    });
  });

  describe("GET /count", () => {
    it.each(models)("$id", async (model) => {
      const { existing } = context(model);
      await run(listCaseArb(model, existing, { paging: false }), async (c) => {
        const sent: Sent = { method: "GET", url: `${apiPath(model)}/count?${c.query}` };
        const answer = await send(sent);
        checkAnswer(model, sent, answer);
        expectStatus(
          c.mustRefuse ? [400] : [200, 400],
          sent,
          answer,
          c.mustRefuse ? "an unknown column or method" : "a count query",
        );
        if (answer.status !== 200) return;
        if (!Number.isInteger(answer.body.data) || answer.body.data < 0)
          fail("the count is not a whole number", sent, answer);
        // The list with the same filters agrees with the count.
        const listSent: Sent = { method: "GET", url: `${apiPath(model)}?${c.query}&limit=${LIST_MAX}` };
        const listed = await send(listSent);
        checkAnswer(model, listSent, listed);
        if (listed.status !== 200)
          fail(`count answered 200 but the list with the same filters ${listed.status}`, listSent, listed);
        if (listed.body.data.length !== Math.min(answer.body.data, LIST_MAX))
          fail(`count ${answer.body.data} but the list has ${listed.body.data.length}`, listSent, listed);
      });
    });
  });

  /** The records with these ids, as the list returns them, in id order. */
  async function recordsById(model: Model, ids: string[]): Promise<Row[]> {
    if (!ids.length) return [];
    const answer = await t.request({
      method: "GET",
      url: `${apiPath(model)}?${query({ filters: { and: [{ column: "id", method: "inArray", value: ids }] }, orderBy: { and: [{ column: "id" }] } })}`,
    });
    return answer.body.data;
  }

  // Found by the properties above; kept as plain examples so that each stays named.
  describe("regressions", () => {
    const model = () => t.app.registry.get("agent/widgets");

    it("like on a uuid column is a 400 or an answer, not a 500", async () => {
      for (const method of ["like", "ilike", "notLike", "notIlike"]) {
        for (const column of ["id", "orderId"]) {
          const m = column === "id" ? model() : t.app.registry.get("ecommerce/orders-to-products");
          const sent: Sent = {
            method: "GET",
            url: `${apiPath(m)}?${query({ filters: { and: [{ column, method, value: "a%" }] } })}`,
          };
          const answer = await send(sent);
          checkAnswer(m, sent, answer);
        }
      }
    });

    it("a malformed percent-escape in the path gets the JSON error body, on every model", async () => {
      const problems: string[] = [];
      for (const m of models) {
        for (const segment of malformedSegments) {
          for (const method of ["GET", "PATCH", "DELETE"] as const) {
            const sent: Sent =
              method === "PATCH"
                ? bodyRequest(method, `${apiPath(m)}/${segment}`, { variant: "x" }, "json")
                : { method, url: `${apiPath(m)}/${segment}` };
            const answer = await send(sent);
            try {
              checkAnswer(m, sent, answer);
              expectStatus([400], sent, answer, "a malformed URL");
            } catch (error) {
              problems.push((error as Error).message);
            }
          }
        }
      }
      expect(
        problems.length,
        problems.slice(0, 3).join("\n") + (problems.length > 3 ? `\n… and ${problems.length - 3} more` : ""),
      ).toBe(0);
    });

    it("deeply nested JSON in a JSON column is not a 500", async () => {
      const requests = t.app.registry.get("crm/requests");
      for (const depth of [5_000, 50_000]) {
        for (const array of [false, true]) {
          const value = array
            ? `{"x":${"[".repeat(depth)}1${"]".repeat(depth)}}`
            : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
          const sent = bodyRequest(
            "POST",
            apiPath(requests),
            { payload: new RawJson(value, `nested ${depth}`) },
            "json",
          );
          const answer = await send(sent);
          checkAnswer(requests, sent, answer);
        }
      }
    });
  });
});

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
