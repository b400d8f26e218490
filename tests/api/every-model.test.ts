// Every model of the registry, through its generic routes (docs/api.md "The HTTP API"):
// create, read, list and count by id, update, delete, then 404; hidden fields never shown.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRegistry } from "../helpers/app-registry.js";
import type { Field, Model } from "../../engine/schema/model.js";
import { configFromEnv } from "../../server/config.js";
import {
  apiPath,
  buildBody,
  byIdFilter,
  createParents,
  createRecord,
  errorBodyProblems,
  hiddenFieldLeaks,
  hiddenFields,
  query,
  UUID_PATTERN,
  uniqueToken,
  answeredKeys,
  withoutOneTimeField,
  writableFields,
  type Row,
} from "../helpers/build-record.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// The table is read when the file is collected, so that each model gets a test of its own; the
// first test checks that it is the app's registry.
const models = appRegistry().exposed;
const withHidden = models.filter((m) => hiddenFields(m).length > 0);

/** The field the update step changes: `variant` (every record has it), else some plain text. */
function fieldToUpdate(model: Model): Field | undefined {
  return (
    model.fieldMap.get("variant") ??
    writableFields(model).find((f) => f.kind === "string" && !f.enum && !f.unique && !f.schema.pattern && !f.references)
  );
}

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 1500);

/** A record without its read-only publication (what a delete answers, and what a save may change). */
const withoutPublication = ({ publication: _publication, ...record }: Row) => record;

describe(`every model through the generic routes on ${testDialect}`, () => {
  let t: TestApp;
  /** One parent record per referenced model, shared by the tests. */
  const parents = new Map<string, Row>();

  // The queues would deliver and run the notifications and jobs made here, changing them under
  // the test: this instance only queues (NOTIFICATION_WORKER=false).
  beforeAll(
    async () =>
      void (t = await createTestApp({ notifications: { ...configFromEnv({}).notifications, worker: false } })),
  );
  afterAll(() => t?.close());

  it("covers every model of the app's registry", () => {
    expect(models.map((m) => m.id)).toEqual(t.app.registry.exposed.map((m) => m.id));
    expect(models.length).toBeGreaterThan(0);
  });

  describe.each(models)("$id", (model) => {
    const path = apiPath(model);

    it("creates, reads, lists, counts, updates and deletes a record, then answers 404", async () => {
      const answers: { what: string; body: unknown }[] = [];
      const call = async (what: string, options: Parameters<TestApp["request"]>[0]) => {
        const response = await t.request(options);
        answers.push({ what, body: response.body });
        return response;
      };

      // Create: 201 with an id and every visible field, holding what was sent.
      const body = buildBody(model, { parents: await createParents(t, model, { cache: parents }) });
      const created = await call("create", { method: "POST", url: path, payload: { data: body } });
      expect(created.status, `POST ${path} ${show(body)} → ${show(created.body)}`).toBe(201);
      withoutOneTimeField(model, created.body);
      const record: Row = created.body.data;
      expect(record.id).toMatch(UUID_PATTERN);
      // An x-drafts model's records carry their read-only publication too (docs/drafts.md).
      expect(Object.keys(record).sort()).toEqual(answeredKeys(model));
      expect(record).toMatchObject(body);

      // Read by id.
      const got = await call("get", { method: "GET", url: `${path}/${record.id}` });
      expect(got.status, show(got.body)).toBe(200);
      expect(got.body).toEqual({ data: record });

      // List and count with the id filter: exactly that record.
      const listed = await call("list", { method: "GET", url: `${path}?${byIdFilter(record.id)}` });
      expect(listed.status, show(listed.body)).toBe(200);
      expect(listed.body).toEqual({ data: [record] });
      const counted = await call("count", { method: "GET", url: `${path}/count?${byIdFilter(record.id)}` });
      expect(counted.status, show(counted.body)).toBe(200);
      expect(counted.body).toEqual({ data: 1 });

      // Update one writable field: changed, the rest kept, updatedAt not earlier.
      const field = fieldToUpdate(model);
      expect(field, `${model.id} has no plain text field to update`).toBeDefined();
      const value = field!.name === "variant" ? "updated" : `updated-${uniqueToken()}`;
      const patched = await call("update", {
        method: "PATCH",
        url: `${path}/${record.id}`,
        payload: { data: { [field!.name]: value } },
      });
      expect(patched.status, show(patched.body)).toBe(200);
      const updated: Row = patched.body.data;
      // DRAFTS=off (the tests' default) publishes the save again: a new publishedAt, the rest the same.
      expect(withoutPublication(updated)).toEqual({
        ...withoutPublication(record),
        [field!.name]: value,
        updatedAt: updated.updatedAt,
      });
      if (model.published) expect(updated.publication).toMatchObject({ state: "published" });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(record.updatedAt));
      const reread = await call("get after update", { method: "GET", url: `${path}/${record.id}` });
      expect(reread.body).toEqual({ data: updated });

      // Delete: 200 with the deleted record.
      const deleted = await call("delete", { method: "DELETE", url: `${path}/${record.id}` });
      expect(deleted.status, show(deleted.body)).toBe(200);
      expect(deleted.body).toEqual({ data: withoutPublication(updated) });

      // Gone: 404 with the JSON error body, for reads, updates and deletes alike.
      const missing = await call("get after delete", { method: "GET", url: `${path}/${record.id}` });
      expect(missing.status, show(missing.body)).toBe(404);
      expect(errorBodyProblems(404, missing.body)).toEqual([]);
      expect(missing.body).toMatchObject({
        status: 404,
        code: "NOT_FOUND",
        cause: expect.any(Array),
        requestId: expect.any(String),
      });
      expect(missing.body.message).toMatch(/^Not Found error/);
      expect(missing.body.error).toBe(missing.body.message);
      for (const [method, payload] of [
        ["PATCH", { data: { [field!.name]: value } }],
        ["DELETE", undefined],
      ] as const) {
        const again = await call(`${method} after delete`, { method, url: `${path}/${record.id}`, payload });
        expect(again.status, `${method} after delete: ${show(again.body)}`).toBe(404);
        expect(errorBodyProblems(404, again.body)).toEqual([]);
      }
      const none = await call("list after delete", { method: "GET", url: `${path}?${byIdFilter(record.id)}` });
      expect(none.body).toEqual({ data: [] });
      const zero = await call("count after delete", { method: "GET", url: `${path}/count?${byIdFilter(record.id)}` });
      expect(zero.body).toEqual({ data: 0 });

      // No answer showed a hidden field.
      for (const { what, body: answer } of answers) expect(hiddenFieldLeaks(model, answer), what).toEqual([]);
    });

    it("keeps every writable field as sent", async () => {
      const body = buildBody(model, {
        parents: await createParents(t, model, { cache: parents, all: true }),
        all: true,
      });
      const created = await t.request({ method: "POST", url: path, payload: { data: body } });
      expect(created.status, `POST ${path} ${show(body)} → ${show(created.body)}`).toBe(201);
      withoutOneTimeField(model, created.body);
      expect(created.body.data).toMatchObject(body);
      expect(hiddenFieldLeaks(model, created.body)).toEqual([]);
      const got = await t.request({ method: "GET", url: `${path}/${created.body.data.id}` });
      expect(got.body).toEqual(created.body);
    });
  });

  describe.each(withHidden)("hidden fields of $id", (model) => {
    const path = apiPath(model);
    const hidden = hiddenFields(model);

    it("are never returned, whatever the route", async () => {
      const record = await createRecord(t, model, {}, { cache: parents });
      // Give the hidden columns values behind the API's back, as a sign-up would.
      const tokens = Object.fromEntries(
        hidden.map((f) => [
          f.name,
          f.column === "timestamptz" ? "1901-02-03T04:05:06.789Z" : `secret-${f.name}-${uniqueToken()}`,
        ]),
      );
      // A JSON column (a notification's secret variables) holds the token inside an object.
      const secrets = Object.fromEntries(
        hidden.map((f) => [f.name, f.column === "jsonb" ? JSON.stringify({ token: tokens[f.name] }) : tokens[f.name]]),
      );
      await t.database.db.updateTable(model.table).set(secrets).where("id", "=", record.id).execute();

      const answers: [string, { status: number; body: any }][] = [
        ["get", await t.request({ method: "GET", url: `${path}/${record.id}` })],
        ["list", await t.request({ method: "GET", url: path })],
        ["list by id", await t.request({ method: "GET", url: `${path}?${byIdFilter(record.id)}` })],
        [
          "list ordered",
          await t.request({
            method: "GET",
            url: `${path}?${query({ orderBy: { and: [{ column: "createdAt", method: "desc" }] }, limit: 1000 })}`,
          }),
        ],
        ["count", await t.request({ method: "GET", url: `${path}/count?${byIdFilter(record.id)}` })],
        [
          "update",
          await t.request({ method: "PATCH", url: `${path}/${record.id}`, payload: { data: { variant: "changed" } } }),
        ],
        [
          "bulk update",
          await t.request({
            method: "PATCH",
            url: `${path}/bulk`,
            payload: { data: [{ id: record.id, variant: "again" }] },
          }),
        ],
        [
          "find-or-create",
          await t.request({ method: "POST", url: `${path}/find-or-create`, payload: { data: { id: record.id } } }),
        ],
        ["delete", await t.request({ method: "DELETE", url: `${path}/${record.id}` })],
      ];
      for (const [what, answer] of answers) {
        expect(answer.status, `${what}: ${show(answer.body)}`).toBeLessThan(300);
        expect(hiddenFieldLeaks(model, answer.body), what).toEqual([]);
        for (const secret of Object.values(tokens))
          expect(JSON.stringify(answer.body), what).not.toContain(secret!.startsWith("1901") ? "1901-02-03" : secret);
      }
      expect(answers.find(([what]) => what === "list by id")![1].body.data).toHaveLength(1);
    });

    it("cannot be written, filtered or ordered on", async () => {
      const record = await createRecord(t, model, {}, { cache: parents });
      const before = await t.database.db
        .selectFrom(model.table)
        .select(hidden.map((f) => f.name))
        .where("id", "=", record.id)
        .executeTakeFirstOrThrow();
      const parentIds = await createParents(t, model, { cache: parents });
      for (const field of hidden) {
        const name = field.name;
        const valid = () => buildBody(model, { parents: parentIds });
        const newId = randomUUID();
        const attempts: [string, Parameters<TestApp["request"]>[0], string][] = [
          [
            "create",
            { method: "POST", url: path, payload: { data: { ...valid(), id: newId, [name]: "x" } } },
            `/${name}`,
          ],
          ["update", { method: "PATCH", url: `${path}/${record.id}`, payload: { data: { [name]: "x" } } }, `/${name}`],
          [
            "bulk create",
            { method: "POST", url: `${path}/bulk`, payload: { data: [{ ...valid(), id: newId, [name]: "x" }] } },
            `/0/${name}`,
          ],
          [
            "bulk update",
            { method: "PATCH", url: `${path}/bulk`, payload: { data: [{ id: record.id, [name]: "x" }] } },
            `/0/${name}`,
          ],
          [
            "find-or-create",
            {
              method: "POST",
              url: `${path}/find-or-create`,
              payload: { data: { ...valid(), id: newId, [name]: "x" } },
            },
            `/${name}`,
          ],
          [
            "filter",
            {
              method: "GET",
              url: `${path}?${query({ filters: { and: [{ column: name, method: "eq", value: "x" }] } })}`,
            },
            "/filters/and/0/column",
          ],
          [
            "filter isNull",
            { method: "GET", url: `${path}?${query({ filters: { and: [{ column: name, method: "isNull" }] } })}` },
            "/filters/and/0/column",
          ],
          [
            "count filter",
            {
              method: "GET",
              url: `${path}/count?${query({ filters: { and: [{ column: name, method: "isNotNull" }] } })}`,
            },
            "/filters/and/0/column",
          ],
          [
            "order",
            { method: "GET", url: `${path}?${query({ orderBy: { and: [{ column: name, method: "asc" }] } })}` },
            "/orderBy/and/0/column",
          ],
        ];
        for (const [what, options, causePath] of attempts) {
          const answer = await t.request(options);
          expect(answer.status, `${what} with ${name}: ${show(answer.body)}`).toBe(400);
          expect(errorBodyProblems(400, answer.body), what).toEqual([]);
          expect(answer.body.cause, what).toContainEqual(expect.objectContaining({ path: causePath }));
        }
        const created = await t.request({ method: "GET", url: `${path}/${newId}` });
        expect(created.status, "a refused create must not have created anything").toBe(404);
      }
      const after = await t.database.db
        .selectFrom(model.table)
        .select(hidden.map((f) => f.name))
        .where("id", "=", record.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});
