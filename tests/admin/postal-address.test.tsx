import { MantineProvider } from "@mantine/core";
import type { FieldProps } from "@rjsf/utils";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminModels } from "../../engine/admin/admin-model.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { CellValue } from "../../web/admin/table/cell-value.js";
import { PostalAddressField } from "../../web/admin/form/widgets/postal-address-field.js";
import { addressLines } from "../../common/postal-address.js";

const registry = loadRegistry(paths.schemas);
const orders = adminModels(registry).find((m) => m.id === "ecommerce/orders")!;
const field = orders.fields.find((f) => f.name === "shippingAddress")!;
const ADDRESS = {
  name: "Ann Buyer",
  line1: "Hauptstraße 1",
  line2: "Apt 4",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  phone: "+49 30 1234567",
};
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, "\n")
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);

// The owner reads an order's shipping address as lines, not JSON, in the generated
// admin's orders table and form; the mails and the site use the same formatter.
describe("the shipping address for the owner", () => {
  it("the orders table's cell shows the parcel's lines: name, street, postal code and city, country name, phone", () => {
    const html = renderToString(
      <MantineProvider>
        <CellValue field={field} value={ADDRESS} />
      </MantineProvider>,
    );
    expect(text(html)).toEqual(["Ann Buyer", "Hauptstraße 1", "Apt 4", "10115 Berlin", "Germany", "+49 30 1234567"]);
    expect(html).not.toContain("&quot;name&quot;");
    expect(html).toContain("data-postal-address");
  });

  it("the order form draws it with the address field (its lines above the JSON to correct it)", () => {
    const { uiSchema } = formSchema(orders) as { uiSchema: Record<string, any> };
    expect(uiSchema.shippingAddress).toEqual({ "ui:field": "postalAddress" });
    const props = {
      formData: ADDRESS,
      schema: { title: field.label },
      name: field.name,
      onChange: () => undefined,
      fieldPathId: { path: [field.name] },
    };
    const html = renderToString(
      <MantineProvider>
        <PostalAddressField {...(props as unknown as FieldProps)} />
      </MantineProvider>,
    );
    expect(text(html).slice(0, 8)).toEqual([
      field.label,
      "Ann Buyer",
      "Hauptstraße 1",
      "Apt 4",
      "10115 Berlin",
      "Germany",
      "+49 30 1234567",
      `${field.label} (JSON)`,
    ]);
  });

  it("the lines leave out what is missing and name the country in the reader's language", () => {
    expect(
      addressLines({ name: "Ann", line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" }, "ru"),
    ).toEqual(["Ann", "1 Main St", "10115 Berlin", "Германия"]);
    expect(addressLines(null, "en")).toEqual([]);
    expect(addressLines("Main St 1", "en")).toEqual([]);
  });
});
