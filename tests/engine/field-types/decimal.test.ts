import { decimalType } from "../../../engine/schema/field-types/decimal.js";
import { expect, it } from "vitest";
import { prepareWrite } from "../../../engine/query/prepare-write.js";
import { loadRegistry } from "../../../engine/schema/load.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";
import { entity, tempProject } from "../../helpers/temp-project.js";

// engine/schema/field-types/decimal.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(decimalType, {
  schema: { type: "string", format: "decimal" },
  column: "numeric",
  coerces: [12.5, "12.5"],
  notAValue: "1e3",
  allows: "gt",
  refuses: "like",
  input: "text",
  cell: "text",
  sqlDefault: ["0.00", "'0.00'"],
  openApi: { type: ["string", "null"], format: "decimal" },
});

it("writes through the type: an exact JSON number is the decimal written, a cleared one null", () => {
  const project = tempProject({
    "fixture/prices.json": entity("fixture/prices", { amount: { type: "string", format: "decimal" } }),
  });
  try {
    const model = loadRegistry(project.schemasDir).get("fixture/prices");
    expect(prepareWrite(model, { adminTitle: "A", slug: "a", amount: 12.5 }, "create").amount).toBe("12.5");
    expect(prepareWrite(model, { adminTitle: "A", slug: "a", amount: "" }, "create").amount).toBeNull();
  } finally {
    project.cleanup();
  }
});
