import { uuidType } from "../../../engine/schema/field-types/uuid.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/uuid.ts: what a reader checks it by; every other case comes from the type's own examples.
const ID = "0a1b2c3d-0000-4000-8000-000000000001";

describeFieldType(uuidType, {
  schema: { type: "string", format: "uuid" },
  column: "uuid",
  coerces: [ID, ID],
  notAValue: 42,
  allows: "like",
  input: "text",
  cell: "text",
  openApi: { type: ["string", "null"], format: "uuid" },
});
