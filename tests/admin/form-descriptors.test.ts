import { cellOf } from "../../engine/admin/table-cell.js";
import { describe, expect, it } from "vitest";
import { adminModels, embedOf } from "../../engine/admin/admin-model.js";
import { inputOf } from "../../engine/admin/field-input.js";
import { formDataOf, formSchema, payloadOf } from "../../engine/admin/form-schema.js";
import { searchColumn, tableColumns } from "../../engine/admin/table-columns.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { errorSchemaOf } from "../../web/admin/form/server-errors.js";

const registry = loadRegistry(paths.schemas);
const models = new Map(adminModels(registry).map((m) => [m.id, m]));
const model = (id: string) => models.get(id)!;

describe("admin descriptors from the real schemas", () => {
  it("embeds the relations the spec names, parent key first", () => {
    expect(model("host/pages").embeds.map((e) => e.relation)).toEqual([
      "host/pages-to-layouts",
      "host/pages-to-metadata",
      "host/pages-to-widgets",
    ]);
    expect(model("website-builder/widgets").embeds.map((e) => e.childModel)).toEqual(
      expect.arrayContaining([
        "website-builder/buttons-arrays",
        "website-builder/features",
        "file-storage/files",
        "website-builder/logotypes",
        "website-builder/sliders",
      ]),
    );
    expect(model("ecommerce/orders").embeds[0]).toEqual({
      relation: "ecommerce/orders-to-products",
      parentKey: "orderId",
      childKey: "productId",
      childModel: "ecommerce/products",
    });
    expect(embedOf(registry.get("ecommerce/stores"), registry.get("ecommerce/stores-to-products"))).toMatchObject({
      parentKey: "storeId",
      childKey: "productId",
    });
  });

  it("chooses inputs from x-input and the field kind", () => {
    const field = (id: string, name: string) => model(id).fields.find((f) => f.name === name)!;
    expect(inputOf(field("ecommerce/products", "description"))).toBe("rich-text-language-map");
    expect(inputOf(field("ecommerce/products", "title"))).toBe("language-map");
    expect(inputOf(field("file-storage/files", "file"))).toBe("file");
    expect(inputOf(field("ecommerce/stores-to-products", "productId"))).toBe("reference");
    expect(inputOf(field("ecommerce/orders", "status"))).toBe("select");
    expect(inputOf(field("billing/currencies", "isDefault"))).toBe("checkbox");
    expect(inputOf(field("ecommerce/products", "stock"))).toBe("number");
    expect(inputOf(field("file-storage/files", "width"))).toBe("from-file");
    expect(inputOf({ ...field("file-storage/files", "alt"), input: "colour-wheel" })).toBe("unknown");
  });

  it("leaves the sub-table's parent key out of the relation form and edits its extra fields", () => {
    const { schema } = formSchema(model("ecommerce/stores-to-products"), ["storeId"]);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["productId", "sku", "orderIndex"]));
    expect(schema.properties).not.toHaveProperty("storeId");
  });

  it("sends a cleared number as an empty string and typed numbers as numbers", () => {
    const products = model("ecommerce/products");
    expect(formDataOf(products, { stock: 20, id: "x" })).toEqual({ stock: "20" });
    expect(payloadOf(products, { stock: "", type: "one_off" })).toEqual({ stock: "", type: "one_off" });
    expect(payloadOf(products, { stock: "30" })).toEqual({ stock: 30 });
  });

  it("shows what is read from an uploaded file (width, height, size, type) but never as an input", () => {
    const files = model("file-storage/files");
    const { schema } = formSchema(files);
    for (const name of ["width", "height", "size", "extension", "mimeType"])
      expect(schema.properties).not.toHaveProperty(name);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["adminTitle", "file", "alt"]));
    expect(schema.properties.alt).toMatchObject({
      type: "object",
      properties: { en: { type: "string" }, ru: { type: "string" } },
    });
    expect(formDataOf(files, { width: 20, height: 10, alt: { en: "a" }, id: "x" })).toEqual({ alt: { en: "a" } });
    // The files table shows the file as a thumbnail, not its path.
    expect(cellOf(files.fields.find((f) => f.name === "file")!)).toBe("file");
  });

  it("searches by the naming field, in English for a language map", () => {
    expect(searchColumn(model("ecommerce/products"))).toBe("adminTitle");
    expect(tableColumns(model("ecommerce/products"))[0]!.column).toBe("adminTitle");
    expect(tableColumns(model("rbac/identities")).some((c) => c.field.name === "password")).toBe(false);
  });

  it("puts the server's causes on their fields", () => {
    expect(
      errorSchemaOf([
        { path: "/slug", message: 'must match pattern "^[a-z0-9-]+$"' },
        { path: "/title/en", message: "must be string" },
        { message: "no path" },
      ]),
    ).toEqual({
      slug: { __errors: ['must match pattern "^[a-z0-9-]+$"'] },
      title: { en: { __errors: ["must be string"] } },
    });
  });
});
