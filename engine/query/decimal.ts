// Exact decimal values (money): stored as PostgreSQL `numeric`, carried on the wire and in
// JavaScript as decimal strings ("59.97"), never as floats.

/** A decimal string: optional minus, up to 18 integer digits, up to 12 fraction digits. */
export const DECIMAL_PATTERN = /^-?\d{1,18}(\.\d{1,12})?$/;

export const isDecimal = (value: unknown): value is string => typeof value === "string" && DECIMAL_PATTERN.test(value);

/** A double holds every decimal of up to 15 significant digits exactly enough to give it back. */
export const EXACT_NUMBER_DIGITS = 15;

/**
 * A JSON number as the decimal it was written as, or undefined when that cannot be known. The
 * parser has already made it a double; JavaScript's shortest round-trip text (`String(n)`) gives
 * back the written decimal exactly when it had at most 15 significant digits (12.5 → "12.5",
 * 0.1 → "0.1"). More digits (12345678901234567 reads as …568), an exponent (1e21, 1e-7) or more
 * than DECIMAL_PATTERN allows is not taken: no float arithmetic ever touches the value.
 */
export function decimalFromNumber(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!isDecimal(text)) return undefined;
  return text.replace(/[-.]/g, "").replace(/^0+/, "").length <= EXACT_NUMBER_DIGITS ? text : undefined;
}

/** The cause given for a decimal field sent as anything but an exact decimal. */
export const DECIMAL_MESSAGE = `must be a decimal string such as "12.50" (a JSON number only when exact: at most ${EXACT_NUMBER_DIGITS} significant digits, no exponent)`;

/** The `decimal` format for an Ajv instance, so schemas can say `"format": "decimal"`. */
export function addDecimalFormat(ajv: { addFormat(name: string, format: RegExp): unknown }) {
  ajv.addFormat("decimal", DECIMAL_PATTERN);
}
