// Exact decimal values (money): stored as PostgreSQL `numeric`, carried on the wire and in
// JavaScript as decimal strings ("59.97"), never as floats.

/** A decimal string: optional minus, up to 18 integer digits, up to 12 fraction digits. */
export const DECIMAL_PATTERN = /^-?\d{1,18}(\.\d{1,12})?$/;

export const isDecimal = (value: unknown): value is string => typeof value === "string" && DECIMAL_PATTERN.test(value);

/** The `decimal` format for an Ajv instance, so schemas can say `"format": "decimal"`. */
export function addDecimalFormat(ajv: { addFormat(name: string, format: RegExp): unknown }) {
  ajv.addFormat("decimal", DECIMAL_PATTERN);
}
