import { fieldTypeOf } from "../schema/field-types/index.js";
import type { FieldKind } from "../schema/model.js";

export { isUuid } from "../schema/field-types/uuid.js";

/**
 * A filter value (a query-string text or a JSON value) as the column's type, or undefined when it
 * cannot be one: the caller turns that into a 400 instead of letting the database fail. Each
 * field type says how (engine/schema/field-types/).
 */
export const coerce = (kind: FieldKind, value: unknown): unknown => fieldTypeOf(kind).coerce(value);
