import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSchema } from "../../engine/admin/form-schema.js";
import { variantRegistry } from "../../web/site/variants.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * GET /api/admin/models names, per model, the variants the site's registry knows, and the form's
 * `variant` field offers them (a name typed by hand stays possible: the widget warns).
 */
describe(`variant choices in the admin on ${testDialect}`, () => {
  let t: TestApp;
  let models: any[];
  beforeAll(async () => {
    t = await createTestApp();
    const { status, body } = await t.request({ method: "GET", url: "/api/admin/models" });
    expect(status).toBe(200);
    models = body.data;
  });
  afterAll(() => t.close());

  it("lists the site registry's variants of each model, and none where the site renders none", () => {
    const byId = new Map(models.map((m) => [m.id, m]));
    expect(byId.get("crm/inputs").variants).toEqual(
      expect.arrayContaining(["default", "text-default", "textarea-default", "number-default"]),
    );
    for (const model of models) expect(model.variants, model.id).toEqual(Object.keys(variantRegistry[model.id] ?? {}));
    expect(byId.get("ecommerce/orders").variants).toEqual(Object.keys(variantRegistry["ecommerce/orders"] ?? {}));
  });

  it("gives the form's variant field the variant input with those names", () => {
    const widgets = models.find((m) => m.id === "website-builder/widgets");
    const { uiSchema, schema } = formSchema(widgets, [], new Set(["variant", "text", "reference"]));
    expect(uiSchema.variant["ui:widget"]).toBe("variant");
    expect(uiSchema.variant["ui:options"].variants).toEqual(widgets.variants);
    expect(widgets.variants.length).toBeGreaterThan(3);
    expect(schema.properties.variant).toMatchObject({ type: "string", default: "default" });
    // A renderer without the variant input falls back to plain text.
    expect(formSchema(widgets, [], new Set(["text"])).uiSchema.variant["ui:widget"]).toBe("text");
  });
});
