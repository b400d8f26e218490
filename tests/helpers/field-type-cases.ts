// The cases every field type gets, derived from the type object alone (its column, coercion,
// filter methods, admin input and cell, OpenAPI schema, and its examples): each type's own test
// (tests/engine/field-types/<file>.test.ts) calls this with the few facts a reader checks it by.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModel } from "../../engine/admin/admin-model.js";
import { cellOf } from "../../engine/admin/table-cell.js";
import { inputOf } from "../../engine/admin/field-input.js";
import { openApiDocument } from "../../engine/codegen/openapi.js";
import type { AppError } from "../../engine/errors.js";
import { parseListQuery } from "../../engine/query/list-query.js";
import type { FieldType } from "../../engine/schema/field-types/field-type.js";
import { filterMethods, type FilterMethod } from "../../engine/schema/field-types/filter-methods.js";
import { fieldTypeOf, registerFieldType } from "../../engine/schema/field-types/index.js";
import { loadRegistry } from "../../engine/schema/load.js";
import type { JsonSchema } from "../../engine/schema/model.js";
import { columnDefault } from "../../engine/sql/snapshot.js";
import { buildBody, exampleTools, uniqueToken } from "./build-record.js";
import { toJson } from "./arbitraries/requests.js";
import { entity, tempProject } from "./temp-project.js";
import { createTestApp, testDialect, type TestApp } from "./test-app.js";

/** What a reader checks a type by: a property schema of it, and what the engine must make of it. */
export interface FieldTypeFacts {
  schema: JsonSchema;
  column: string;
  /** Query text (or JSON value) → the value compared. */
  coerces: [unknown, unknown];
  /** A filter value that is none of the type's values (a 400). */
  notAValue: unknown;
  allows: FilterMethod;
  /** A method the type refuses; none: it takes every method. */
  refuses?: FilterMethod;
  input: string;
  cell: string;
  /** The column default of `default` in SQL. */
  sqlDefault?: [unknown, string];
  openApi: Record<string, unknown>;
}

const MODEL = "fixture/samples";
const URL = `/api/${MODEL}`;
/** How many generated values each property draws: a few, each a request. */
const RUNS = 8;

const sample = <T>(arbitrary: fc.Arbitrary<T>, name: string) =>
  fc.sample(arbitrary, { numRuns: RUNS, seed: exampleTools.seed ^ name.length });

/**
 * Describes the type's cases. `register`: the type is not in the list (a docs example, a fixture)
 * and is registered for these tests only.
 */
export function describeFieldType(type: FieldType, facts: FieldTypeFacts, options: { register?: boolean } = {}) {
  const unregister = options.register ? registerFieldType(type) : undefined;
  // `value` required, `optional` not: both of the type.
  const schema = entity(
    MODEL,
    { value: facts.schema, optional: facts.schema },
    { title: "Sample", required: ["value"] },
  );
  const project = tempProject({ "fixture/samples.json": schema }, { withProjectSchemas: true });
  afterAll(() => {
    project.cleanup();
    unregister?.();
  });

  describe(`${type.kind}: the engine's questions`, () => {
    const registry = loadRegistry(project.schemasDir);
    const model = registry.get(MODEL);
    const field = model.fieldMap.get("value")!;
    const filter = (method: FilterMethod, value: unknown) =>
      parseListQuery(model, { filters: JSON.stringify([{ column: "value", method, value }]) }).filters[0] as {
        value: unknown;
      };
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as AppError).status;
      }
      return "accepted";
    };

    it("is the type of a property of its schema", () => expect(field.kind).toBe(type.kind));

    it("gives its column and column default", () => {
      expect(field.column).toBe(facts.column);
      expect(fieldTypeOf(type.kind).column).toBe(facts.column);
      if (facts.sqlDefault) expect(columnDefault({ ...field, default: facts.sqlDefault[0] })).toBe(facts.sqlDefault[1]);
    });

    it("coerces query text, and refuses what is none of its values", () => {
      const [given, coerced] = facts.coerces;
      expect(type.coerce(given)).toEqual(coerced);
      expect(filter("eq", given).value).toEqual(coerced);
      expect(refusal(() => filter("eq", facts.notAValue))).toBe(400);
    });

    it("takes the filter methods it allows and refuses the others", () => {
      expect(type.filters.methods).toContain(facts.allows);
      expect(refusal(() => filter(facts.allows, facts.coerces[1]))).toBe("accepted");
      if (facts.refuses) {
        expect(type.filters.methods).not.toContain(facts.refuses);
        expect(refusal(() => filter(facts.refuses!, "x"))).toBe(400);
      } else expect(type.filters.methods).toEqual(filterMethods);
      expect(refusal(() => filter("isNotNull", undefined))).toBe("accepted");
    });

    it("names its admin input and table cell", () => {
      const admin = adminModel(model, registry).fields.find((f) => f.name === "value")!;
      expect(inputOf(admin)).toBe(facts.input);
      expect(cellOf(admin)).toBe(facts.cell);
    });

    it("documents its OpenAPI schema (and so its generated type)", () => {
      // The optional field: a required one's type has no "null".
      const documented = openApiDocument(registry).components.schemas.FixtureSamples.properties.optional;
      expect(documented).toMatchObject(facts.openApi);
      expect(Object.keys(documented).filter((k) => k.startsWith("x-"))).toEqual([]);
    });
  });

  describe(`${type.kind}: its examples through create and update over HTTP, on ${testDialect}`, () => {
    let t: TestApp;
    let existing: string;
    const registry = loadRegistry(project.schemasDir);
    const field = registry.get(MODEL).fieldMap.get("value")!;
    const examples = type.examples;
    const create = (value: unknown) =>
      t.request({
        method: "POST",
        url: URL,
        payload: toJson({ data: { ...buildBody(registry.get(MODEL)), value } }),
        headers: { "content-type": "application/json" },
      });
    const update = (value: unknown) =>
      t.request({
        method: "PATCH",
        url: `${URL}/${existing}`,
        payload: toJson({ data: { value } }),
        headers: { "content-type": "application/json" },
      });
    // A 400 naming the field (`/value`, `/value/en`); or "/" where only the database refused it
    // and could not say which column (a year 0 date): never another field.
    const refusedAt = (answer: { status: number; body: any }) => [
      answer.status,
      (answer.body?.cause ?? []).some(
        (c: { path: string }) => c.path === "/" || c.path === "/value" || c.path.startsWith("/value/"),
      ),
    ];

    beforeAll(async () => {
      t = await createTestApp({
        schemasDir: project.schemasDir,
        migrationsDir: project.migrationsDir,
        generatedDir: project.generatedDir,
      });
      const created = await create(examples.valid(field, uniqueToken(), exampleTools));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      existing = created.body.data.id;
    });
    afterAll(async () => t?.close());

    it("stores its valid example, and answers it as it reads it back", async () => {
      const created = await create(examples.valid(field, uniqueToken(), exampleTools));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await t.request({ method: "GET", url: `${URL}/${created.body.data.id}` });
      expect(read.body.data.value).toEqual(created.body.data.value);
      const updated = await update(examples.valid(field, uniqueToken(), exampleTools));
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    });

    it("stores what its generator makes", async () => {
      for (const value of sample(examples.arbitrary(field, exampleTools), "valid")) {
        const created = await create(value);
        expect(created.status, `${toJson(value).slice(0, 200)} → ${JSON.stringify(created.body).slice(0, 300)}`).toBe(
          201,
        );
      }
    });

    it("refuses each wrong example with a 400 naming the field, on create and on update", async () => {
      const wrong = [
        ...examples.invalid(field),
        ...(examples.invalidArbitrary ? sample(examples.invalidArbitrary(field, exampleTools), "invalid") : []),
      ];
      expect(wrong.length).toBeGreaterThan(0);
      for (const value of wrong) {
        const label = toJson(value).slice(0, 120);
        const created = await create(value);
        expect(refusedAt(created), `create ${label}: ${JSON.stringify(created.body).slice(0, 300)}`).toEqual([
          400,
          true,
        ]);
        expect(refusedAt(await update(value)), `update ${label}`).toEqual([400, true]);
      }
    });

    it("survives what it may store or refuse (never a 5xx)", async () => {
      if (!examples.stress) return;
      for (const { value, label } of fc.sample(examples.stress(field, exampleTools), {
        numRuns: 3,
        seed: exampleTools.seed,
      })) {
        const answer = await create(value);
        expect(answer.status, label).toBeLessThan(500);
      }
    });
  });
}
