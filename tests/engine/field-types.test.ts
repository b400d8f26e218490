import { sql } from "kysely";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminModel } from "../../engine/admin/admin-model.js";
import { inputOf } from "../../engine/admin/field-input.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { cellOf } from "../../engine/admin/table-cell.js";
import { filterColumns } from "../../engine/admin/table-columns.js";
import type { FieldType } from "../../engine/schema/field-types/field-type.js";
import { registerFieldType } from "../../engine/schema/field-types/index.js";
import { loadRegistry } from "../../engine/schema/load.js";
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
  coerce: (value) =>
    typeof value === "string" && /^#?[0-9a-fA-F]{6}$/.test(value)
      ? `#${value.replace("#", "").toLowerCase()}`
      : undefined,
  filters: { methods: ["eq", "ne", "inArray", "notInArray", "isNull", "isNotNull"] },
  write: {
    normalise: (value) =>
      typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value)
        ? { value: value.toLowerCase() }
        : { message: COLOUR_MESSAGE },
    ajvFormats: { color: { pattern: HEX, message: COLOUR_MESSAGE } },
  },
  admin: { input: "color", cell: "color" },
  openApi: (schema) => ({ ...schema, pattern: HEX.source }),
  examples: {
    valid: () => "#1a2b3c",
    invalid: () => ["red", "#12345", 42],
    arbitrary: (_field, { fc }) => fc.stringMatching(/^#[0-9a-f]{6}$/),
  },
};

const RECORD_ID = "0a1b2c3d-0000-4000-8000-000000000001";

describe(`a field type added through the list (a hex colour), end to end on ${testDialect}`, () => {
  const unregister = registerFieldType(colourType);
  const project = tempProject(
    {
      "shop/palettes.json": entity(
        "shop/palettes",
        { accent: { type: "string", format: "color" } },
        { title: "Palette", required: ["accent"] },
      ),
    },
    { withProjectSchemas: true },
  );
  let t: TestApp;
  let palettes: AdminModel;
  beforeAll(async () => {
    t = await createTestApp({
      schemasDir: project.schemasDir,
      migrationsDir: project.migrationsDir,
      generatedDir: project.generatedDir,
    });
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
      WHERE table_name = 'shop_palettes' AND column_name = 'accent' AND table_schema = current_schema()`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ data_type: "character", character_maximum_length: 7 }]);
  });

  it("normalises a good value on create and refuses a bad one with the type's message", async () => {
    const created = await createRecord(t, "/api/shop/palettes", {
      id: RECORD_ID,
      adminTitle: "Sea",
      accent: "#1A2B3C",
    });
    expect(created.accent).toBe("#1a2b3c");
    await createRecord(t, "/api/shop/palettes", { adminTitle: "Sun", accent: "#ffcc00" });
    for (const accent of ["red", "#12345", 42]) {
      const bad = await t.request({
        method: "POST",
        url: "/api/shop/palettes",
        payload: { data: { adminTitle: "Bad", accent } },
      });
      expect(bad.status, String(accent)).toBe(400);
      expect(bad.body.cause).toEqual([{ path: "/accent", message: COLOUR_MESSAGE }]);
    }
    const update = await t.request({
      method: "PATCH",
      url: `/api/shop/palettes/${RECORD_ID}`,
      payload: { data: { accent: "#zzzzzz" } },
    });
    expect(update.status).toBe(400);
    expect(update.body.cause).toEqual([{ path: "/accent", message: COLOUR_MESSAGE }]);
  });

  it("filters the list by the type's coercion, with the methods the type allows", async () => {
    const list = async (conditions: unknown[]) =>
      t.request({
        method: "GET",
        url: `/api/shop/palettes?filters[and]=${encodeURIComponent(JSON.stringify(conditions))}`,
      });
    const byText = await list([{ column: "accent", method: "eq", value: "1A2B3C" }]);
    expect(byText.status).toBe(200);
    expect(byText.body.data.map((r: any) => r.adminTitle)).toEqual(["Sea"]);
    const inList = await t.request({
      method: "GET",
      url: "/api/shop/palettes?filters[and][0][column]=accent&filters[and][0][method]=inArray&filters[and][0][value][0]=ffcc00",
    });
    expect(inList.body.data.map((r: any) => r.adminTitle)).toEqual(["Sun"]);
    const notAColour = await list([{ column: "accent", method: "eq", value: "red" }]);
    expect(notAColour.status).toBe(400);
    expect(notAColour.body.cause).toEqual([
      { path: "/filters/and/0/value", message: "must be a color value for accent" },
    ]);
    const ordered = await list([{ column: "accent", method: "gt", value: "#000000" }]);
    expect(ordered.status).toBe(400);
    expect(ordered.body.cause).toEqual([
      { path: "/filters/and/0/value", message: "gt does not apply to accent, which is color" },
    ]);
    const pattern = await list([{ column: "accent", method: "like", value: "#1%" }]);
    expect(pattern.body.cause).toEqual([
      { path: "/filters/and/0/value", message: "like needs a text column, accent is color" },
    ]);
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
    expect(body.components.schemas.ShopPalettes.properties.accent).toEqual({
      type: "string",
      format: "color",
      pattern: "^#[0-9a-f]{6}$",
    });
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
