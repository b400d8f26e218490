import { sql } from "kysely";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModel, type AdminModel } from "../../engine/admin/admin-model.js";
import { inputOf } from "../../engine/admin/field-input.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { cellOf } from "../../engine/admin/table-cell.js";
import { filterColumns } from "../../engine/admin/table-columns.js";
import { openApiDocument } from "../../engine/codegen/openapi.js";
import type { AppError } from "../../engine/errors.js";
import { parseListQuery } from "../../engine/query/list-query.js";
import { prepareWrite } from "../../engine/query/prepare-write.js";
import type { FieldType } from "../../engine/schema/field-types/field-type.js";
import { builtInFieldTypes, fieldTypeOf, registerFieldType } from "../../engine/schema/field-types/index.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { filterMethods, type FilterMethod } from "../../engine/schema/field-types/filter-methods.js";
import { columnDefault } from "../../engine/sql/snapshot.js";
import { entity, tempProject } from "../helpers/temp-project.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A field type (docs/extending.md "Adding a field type") lives in one file under engine/schema/field-types/ and one line of its
// list. The fixture below is such a file's worth (a hex colour), registered through the list
// mechanism rather than edited into it; the app then treats it end to end like a built-in type.

const COLOUR_MESSAGE = 'must be a colour such as "#1a2b3c"';
const HEX = /^#[0-9a-f]{6}$/;
const colourType: FieldType = {
  kind: "color",
  matches: (schema) => schema.type === "string" && schema.format === "color",
  formats: ["color"],
  column: "character(7)",
  // In a query "#" would start the URL's fragment: the colour may come without it, in any case.
  coerce: (value) => (typeof value === "string" && /^#?[0-9a-fA-F]{6}$/.test(value) ? `#${value.replace("#", "").toLowerCase()}` : undefined),
  filters: { methods: ["eq", "ne", "inArray", "notInArray", "isNull", "isNotNull"] },
  write: {
    normalise: (value) => (typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value) ? { value: value.toLowerCase() } : { message: COLOUR_MESSAGE }),
    ajvFormats: { color: { pattern: HEX, message: COLOUR_MESSAGE } },
  },
  admin: { input: "color", cell: "color" },
  openApi: (schema) => ({ ...schema, pattern: HEX.source }),
};

const RECORD_ID = "0a1b2c3d-0000-4000-8000-000000000001";

describe(`a field type added through the list (a hex colour), end to end on ${testDialect}`, () => {
  const unregister = registerFieldType(colourType);
  const project = tempProject(
    { "shop/palettes.json": entity("shop/palettes", { accent: { type: "string", format: "color" } }, { title: "Palette", required: ["accent"] }) },
    { withProjectSchemas: true },
  );
  let t: TestApp;
  let palettes: AdminModel;
  beforeAll(async () => {
    t = await createTestApp({ schemasDir: project.schemasDir, migrationsDir: project.migrationsDir, generatedDir: project.generatedDir });
    const { body } = await t.request({ method: "GET", url: "/api/admin/models" });
    palettes = body.data.find((m: AdminModel) => m.id === "shop/palettes");
  });
  afterAll(async () => {
    await t?.close();
    project.cleanup();
    unregister();
  });

  it("gives the field the type's own column, in the migration and in the database", async () => {
    const migrations = readdirSync(project.migrationsDir).filter((f) => f.endsWith(".sql"));
    const text = migrations.map((f) => readFileSync(join(project.migrationsDir, f), "utf8")).join("\n");
    expect(text).toContain(`"accent" character(7) NOT NULL`);
    const { rows } = await sql<{ data_type: string; character_maximum_length: number }>`
      SELECT data_type, character_maximum_length FROM information_schema.columns
      WHERE table_name = 'shop_palettes' AND column_name = 'accent' AND table_schema = current_schema()`.execute(t.database.db);
    expect(rows).toEqual([{ data_type: "character", character_maximum_length: 7 }]);
  });

  it("normalises a good value on create and refuses a bad one with the type's message", async () => {
    const created = await createRecord(t, "/api/shop/palettes", { id: RECORD_ID, adminTitle: "Sea", accent: "#1A2B3C" });
    expect(created.accent).toBe("#1a2b3c");
    await createRecord(t, "/api/shop/palettes", { adminTitle: "Sun", accent: "#ffcc00" });
    for (const accent of ["red", "#12345", 42]) {
      const bad = await t.request({ method: "POST", url: "/api/shop/palettes", payload: { data: { adminTitle: "Bad", accent } } });
      expect(bad.status, String(accent)).toBe(400);
      expect(bad.body.cause).toEqual([{ path: "/accent", message: COLOUR_MESSAGE }]);
    }
    const update = await t.request({ method: "PATCH", url: `/api/shop/palettes/${RECORD_ID}`, payload: { data: { accent: "#zzzzzz" } } });
    expect(update.status).toBe(400);
    expect(update.body.cause).toEqual([{ path: "/accent", message: COLOUR_MESSAGE }]);
  });

  it("filters the list by the type's coercion, with the methods the type allows", async () => {
    const list = async (conditions: unknown[]) =>
      t.request({ method: "GET", url: `/api/shop/palettes?filters[and]=${encodeURIComponent(JSON.stringify(conditions))}` });
    const byText = await list([{ column: "accent", method: "eq", value: "1A2B3C" }]);
    expect(byText.status).toBe(200);
    expect(byText.body.data.map((r: any) => r.adminTitle)).toEqual(["Sea"]);
    const inList = await t.request({ method: "GET", url: "/api/shop/palettes?filters[and][0][column]=accent&filters[and][0][method]=inArray&filters[and][0][value][0]=ffcc00" });
    expect(inList.body.data.map((r: any) => r.adminTitle)).toEqual(["Sun"]);
    const notAColour = await list([{ column: "accent", method: "eq", value: "red" }]);
    expect(notAColour.status).toBe(400);
    expect(notAColour.body.cause).toEqual([{ path: "/filters/and/0/value", message: "must be a color value for accent" }]);
    const ordered = await list([{ column: "accent", method: "gt", value: "#000000" }]);
    expect(ordered.status).toBe(400);
    expect(ordered.body.cause).toEqual([{ path: "/filters/and/0/value", message: "gt does not apply to accent, which is color" }]);
    const pattern = await list([{ column: "accent", method: "like", value: "#1%" }]);
    expect(pattern.body.cause).toEqual([{ path: "/filters/and/0/value", message: "like needs a text column, accent is color" }]);
  });

  it("describes the field to the admin with the type's input and cell", () => {
    const accent = palettes.fields.find((f) => f.name === "accent")!;
    expect(accent).toMatchObject({ kind: "color", required: true });
    expect(inputOf(accent)).toBe("color");
    expect(cellOf(accent)).toBe("color");
    expect(formSchema(palettes).uiSchema.accent["ui:widget"]).toBe("color");
    // A renderer with no widget of that name shows "Unknown input type" rather than failing.
    expect(formSchema(palettes, [], new Set(["text", "unknown"])).uiSchema.accent["ui:widget"]).toBe("unknown");
    expect(formSchema(palettes, [], new Set(["text", "unknown"])).uiSchema.adminTitle["ui:widget"]).toBe("text");
    expect(filterColumns(palettes)).toContainEqual({ value: "accent", label: "Accent" });
  });

  it("documents the field in OpenAPI as the type describes it", async () => {
    const { status, body } = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(status).toBe(200);
    expect(body.components.schemas.ShopPalettes.properties.accent).toEqual({ type: "string", format: "color", pattern: "^#[0-9a-f]{6}$" });
    expect(body.components.schemas.ShopPalettesCreate.required).toContain("accent");
  });

  it("is refused by the schema loader once it is no longer registered", () => {
    unregister();
    try {
      expect(() => loadRegistry(project.schemasDir)).toThrow(/format/);
    } finally {
      registerFieldType(colourType);
    }
  });
});

/**
 * Every built-in type answers each question the engine asks: its column, how query text becomes
 * a value, which filter methods it takes, its admin input and cell, and its OpenAPI schema. A
 * type added to the list without a row here fails the first test.
 */
interface Row {
  kind: string;
  schema: Record<string, unknown>;
  column: string;
  /** Query text (or JSON value) → the value compared, and a text that is no value of the type. */
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

const ROWS: Row[] = [
  { kind: "text-or-language-map", schema: { $ref: "../_defs/text-or-language-map" }, column: "jsonb", coerces: ["Home", '"Home"'], notAValue: [1], allows: "ilike", refuses: "gt", input: "language-map", cell: "language-text", sqlDefault: ["Page", `'"Page"'::jsonb`], openApi: { type: ["string", "object", "null"], additionalProperties: { type: "string" } } },
  { kind: "string", schema: { type: "string", maxLength: 20 }, column: "text", coerces: [42, "42"], notAValue: { a: 1 }, allows: "ilike", input: "text", cell: "text", sqlDefault: ["it's", "'it''s'"], openApi: { type: ["string", "null"], maxLength: 20 } },
  { kind: "uuid", schema: { type: "string", format: "uuid" }, column: "uuid", coerces: [RECORD_ID, RECORD_ID], notAValue: 42, allows: "like", input: "text", cell: "text", openApi: { type: ["string", "null"], format: "uuid" } },
  { kind: "datetime", schema: { type: "string", format: "date-time" }, column: "timestamptz", coerces: ["2024-05-01T10:00:00+02:00", "2024-05-01T08:00:00.000Z"], notAValue: "yesterday", allows: "gte", refuses: "like", input: "date-time", cell: "date-time", openApi: { type: ["string", "null"], format: "date-time" } },
  { kind: "date", schema: { type: "string", format: "date" }, column: "date", coerces: ["2024-05-01", "2024-05-01"], notAValue: "2024-5-1", allows: "lt", refuses: "ilike", input: "text", cell: "text", openApi: { type: ["string", "null"], format: "date" } },
  { kind: "decimal", schema: { type: "string", format: "decimal" }, column: "numeric", coerces: [12.5, "12.5"], notAValue: "1e3", allows: "gt", refuses: "like", input: "text", cell: "text", sqlDefault: ["0.00", "'0.00'"], openApi: { type: ["string", "null"], format: "decimal" } },
  { kind: "integer", schema: { type: "integer" }, column: "integer", coerces: ["42", 42], notAValue: "4.5", allows: "lte", refuses: "notLike", input: "number", cell: "text", sqlDefault: [3, "3"], openApi: { type: ["integer", "null"] } },
  { kind: "number", schema: { type: "number" }, column: "double precision", coerces: ["4.5", 4.5], notAValue: "abc", allows: "ne", refuses: "notIlike", input: "number", cell: "text", sqlDefault: [1.5, "1.5"], openApi: { type: ["number", "null"] } },
  { kind: "boolean", schema: { type: "boolean" }, column: "boolean", coerces: ["true", true], notAValue: "yes", allows: "eq", refuses: "like", input: "checkbox", cell: "yes-no", sqlDefault: [false, "false"], openApi: { type: ["boolean", "null"] } },
  { kind: "json", schema: { type: "object" }, column: "jsonb", coerces: [{ a: 1 }, '{"a":1}'], notAValue: "{no", allows: "eq", refuses: "gt", input: "json", cell: "text", sqlDefault: [{ a: "it's" }, `'{"a":"it''s"}'::jsonb`], openApi: { type: ["object", "null"] } },
  { kind: "language-map", schema: { $ref: "../_defs/language-map" }, column: "jsonb", coerces: ['{"en":"a"}', '{"en":"a"}'], notAValue: "{no", allows: "ne", refuses: "ilike", input: "language-map", cell: "language-text", sqlDefault: [{}, "'{}'::jsonb"], openApi: { type: ["object", "null"], additionalProperties: { type: "string" } } },
];

describe("every built-in field type answers each question", () => {
  const project = tempProject({ "shop/samples.json": entity("shop/samples", Object.fromEntries(ROWS.map((r, i) => [`field${i}`, r.schema]))) });
  const registry = loadRegistry(project.schemasDir);
  const model = registry.get("shop/samples");
  const admin = adminModel(model, registry);
  const openApi = openApiDocument(registry).components.schemas.ShopSamples.properties;
  afterAll(() => project.cleanup());
  const fieldOf = (row: Row) => model.fieldMap.get(`field${ROWS.indexOf(row)}`)!;
  const filter = (row: Row, method: FilterMethod, value: unknown) =>
    parseListQuery(model, { filters: JSON.stringify([{ column: fieldOf(row).name, method, value }]) }).filters[0] as { value: unknown };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as AppError).status;
    }
    return "accepted";
  };

  it("has a row for every type of the list, in its order", () => {
    expect(ROWS.map((r) => r.kind).sort()).toEqual(builtInFieldTypes.map((t) => t.kind).sort());
    expect(ROWS.map((r) => fieldOf(r).kind)).toEqual(ROWS.map((r) => r.kind));
  });

  it.each(ROWS)("$kind: its column and column default", (row) => {
    const field = fieldOf(row);
    expect(field.column).toBe(row.column);
    expect(fieldTypeOf(row.kind).column).toBe(row.column);
    if (row.sqlDefault) expect(columnDefault({ ...field, default: row.sqlDefault[0] })).toBe(row.sqlDefault[1]);
  });

  it.each(ROWS)("$kind: coerces query text, and refuses what is none of its values", (row) => {
    const [given, coerced] = row.coerces;
    expect(fieldTypeOf(row.kind).coerce(given)).toEqual(coerced);
    expect(filter(row, "eq", given).value).toEqual(coerced);
    expect(refusal(() => filter(row, "eq", row.notAValue))).toBe(400);
  });

  it.each(ROWS)("$kind: takes the filter methods it allows and refuses the others", (row) => {
    const type = fieldTypeOf(row.kind);
    expect(type.filters.methods).toContain(row.allows);
    expect(type.filters.methods).toContain("isNull");
    expect(refusal(() => filter(row, row.allows, row.coerces[1]))).toBe("accepted");
    if (row.refuses) {
      expect(type.filters.methods).not.toContain(row.refuses);
      expect(refusal(() => filter(row, row.refuses!, "x"))).toBe(400);
    } else expect(type.filters.methods).toEqual(filterMethods);
    expect(refusal(() => filter(row, "isNotNull", undefined))).toBe("accepted");
  });

  it.each(ROWS)("$kind: its admin input and table cell", (row) => {
    const field = admin.fields.find((f) => f.name === fieldOf(row).name)!;
    expect(inputOf(field)).toBe(row.input);
    expect(cellOf(field)).toBe(row.cell);
  });

  it.each(ROWS)("$kind: its OpenAPI schema (and so its generated type)", (row) => {
    const documented = openApi[fieldOf(row).name];
    expect(documented).toMatchObject(row.openApi);
    expect(Object.keys(documented).filter((k) => k.startsWith("x-"))).toEqual([]);
  });

  it("writes through the type: a cleared number is null, an exact JSON number a decimal", () => {
    const [decimal, integer] = [ROWS.find((r) => r.kind === "decimal")!, ROWS.find((r) => r.kind === "integer")!];
    const data = prepareWrite(model, { adminTitle: "A", slug: "a", [fieldOf(decimal).name]: 12.5, [fieldOf(integer).name]: "" }, "create");
    expect(data[fieldOf(decimal).name]).toBe("12.5");
    expect(data[fieldOf(integer).name]).toBeNull();
  });
});
