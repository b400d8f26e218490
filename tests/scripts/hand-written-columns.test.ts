import { describe, expect, it } from "vitest";
import { HAND_WRITTEN_COLUMNS, HAND_WRITTEN_JSON_COLUMNS } from "../../scripts/bench/hand-written-columns.js";
import { appRegistry } from "../helpers/app-registry.js";

// bench:crud stops when the two servers answer differently; a column added to products and not to
// the hand-written server broke it unnoticed for a session. This says so at test time.
describe("bench:crud's hand-written server", () => {
  const products = appRegistry().get("ecommerce/products");
  const visible = products.fields.filter((field) => !field.hidden);

  it("selects every visible column of products, in the generated route's order", () => {
    expect(HAND_WRITTEN_COLUMNS).toEqual(visible.map((field) => field.name));
  });

  it("names the jsonb columns as JSON", () => {
    expect([...HAND_WRITTEN_JSON_COLUMNS].sort()).toEqual(
      visible
        .filter((field) => field.column === "jsonb")
        .map((field) => field.name)
        .sort(),
    );
  });
});
