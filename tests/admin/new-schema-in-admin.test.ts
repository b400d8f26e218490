import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminModel } from "../../engine/admin/admin-model.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { tableColumns } from "../../engine/admin/table-columns.js";
import { entity, tempProject } from "../helpers/temp-project.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// docs/extending.md "Adding an entity": a schema file dropped into schemas/ and a restart give the entity
// admin screens with no other code. The admin builds its table and form from GET
// /api/admin/models alone, so the entity's description there, and the API behind it, are the proof.
describe(`a new schema file shows up in the admin on ${testDialect}`, () => {
  const project = tempProject(
    {
      "shop/coupons.json": entity(
        "shop/coupons",
        {
          percent: { type: "integer", minimum: 1, maximum: 100, default: 10, "x-title": { ru: "Процент" } },
          kind: { type: "string", enum: ["single", "multi"], default: "single" },
          validUntil: { type: "string", format: "date-time" },
          productId: {
            type: "string",
            format: "uuid",
            "x-references": { model: "ecommerce/products", onDelete: "cascade" },
          },
        },
        { title: "Coupon", "x-title": { ru: "Купон" }, required: ["percent", "kind"] },
      ),
    },
    { withProjectSchemas: true },
  );
  let t: TestApp;
  let coupons: AdminModel;
  beforeAll(async () => {
    t = await createTestApp({
      schemasDir: project.schemasDir,
      migrationsDir: project.migrationsDir,
      generatedDir: project.generatedDir,
    });
    const { status, body } = await t.request({ method: "GET", url: "/api/admin/models" });
    expect(status).toBe(200);
    coupons = body.data.find((m: AdminModel) => m.id === "shop/coupons");
  });
  afterAll(async () => {
    await t.close();
    project.cleanup();
  });

  it("lists the entity under its module with its fields", () => {
    expect(coupons).toMatchObject({
      module: "shop",
      name: "coupons",
      title: "Coupon",
      kind: "entity",
      labelField: "adminTitle",
      titles: { en: "Coupon", ru: "Купон" },
    });
    // docs/extending.md's x-title: the Russian beside the English, the base's fields' from schemas/_defs.
    const labels = (name: string) => coupons.fields.find((f) => f.name === name)?.labels;
    expect([labels("percent"), labels("validUntil"), labels("slug")]).toEqual([
      { en: "Percent", ru: "Процент" },
      { en: "Valid until" },
      { en: "Slug", ru: "Часть адреса" },
    ]);
    expect(coupons.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["percent", "kind", "validUntil", "productId", "title"]),
    );
  });

  it("gets a form with an input per field, chosen from the schema", () => {
    const { schema, uiSchema } = formSchema(coupons);
    expect(uiSchema.percent["ui:widget"]).toBe("number");
    expect(uiSchema.kind["ui:widget"]).toBe("select");
    expect(schema.properties.kind.enum).toEqual(["single", "multi"]);
    expect(uiSchema.validUntil["ui:widget"]).toBe("dateTime");
    expect(uiSchema.productId["ui:widget"]).toBe("reference");
    expect(Object.keys(schema.properties.title.properties)).toEqual(["en", "ru"]);
    expect(schema.properties).not.toHaveProperty("id");
    expect(schema.properties).not.toHaveProperty("createdAt");
  });

  it("gets a table whose columns and search the API accepts", async () => {
    const columns = tableColumns(coupons).map((c) => c.column);
    expect(columns[0]).toBe("adminTitle");
    expect(columns).toContain("percent");
    const created = await t.request({
      method: "POST",
      url: "/api/shop/coupons",
      payload: { data: { adminTitle: "Spring sale", percent: 15 } },
    });
    expect(created.status).toBe(201);
    for (const column of columns) {
      const order = encodeURIComponent(JSON.stringify([{ column, method: "desc" }]));
      const filters = encodeURIComponent(
        JSON.stringify([{ column: "adminTitle", method: "ilike", value: "%spring%" }]),
      );
      const page = await t.request({
        method: "GET",
        url: `/api/shop/coupons?filters[and]=${filters}&orderBy[and]=${order}&limit=20&offset=0`,
      });
      expect(page.status, column).toBe(200);
      expect(page.body.data.map((r: any) => r.adminTitle)).toEqual(["Spring sale"]);
    }
    const count = await t.request({ method: "GET", url: "/api/shop/coupons/count" });
    expect(count.body.data).toBe(1);
  });
});
