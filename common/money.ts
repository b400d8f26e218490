/**
 * Money as the server sends it: exact decimal strings ("1299.5", "19.99"), never JS floats.
 * Amounts are handled as BigInt minor units (cents) of a currency with `decimals` places, so a
 * sum or a price × quantity is exact, and rounding is half away from zero like the server's.
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** A decimal string (or a number, read by its string form) in minor units, rounded half away from zero; undefined when not a decimal. */
export function toMinor(value: unknown, decimals: number): bigint | undefined {
  const raw =
    typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = DECIMAL.exec(raw);
  if (!match || (!match[2] && !match[3])) return undefined;
  const [, sign, whole = "", fraction = ""] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  let minor = BigInt(`${whole || "0"}${kept}`);
  if ((fraction[decimals] ?? "0") >= "5") minor += 1n;
  return sign === "-" ? -minor : minor;
}

/** Minor units as a decimal string with exactly `decimals` places ("1299.50"). */
export function fromMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals ? `.${fraction}` : ""}`;
}

/** A decimal string for people: the currency's number of places, thousands grouped by spaces ("1 299.50"). */
export function formatAmount(value: unknown, decimals = 2): string {
  const minor = toMinor(value, decimals);
  if (minor === undefined) return typeof value === "string" ? value : "";
  const [whole = "", fraction] = fromMinor(minor, decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** price × quantity, rounded once to the currency's places (the server's line amount). */
export function multiplyAmount(price: unknown, quantity: number, decimals = 2): string | undefined {
  // Scale by the price's own places first, so rounding happens once, after the product.
  const places = (typeof price === "string" ? price.split(".")[1]?.length : undefined) ?? decimals;
  const exact = toMinor(price, Math.max(places, decimals));
  if (exact === undefined || !Number.isInteger(quantity)) return undefined;
  const product = exact * BigInt(quantity);
  const shift = 10n ** BigInt(Math.max(places, decimals) - decimals);
  const half = shift / 2n;
  const magnitude = product < 0n ? -product : product;
  const rounded = shift === 1n ? magnitude : (magnitude + half) / shift;
  return fromMinor(product < 0n ? -rounded : rounded, decimals);
}

/** The exact sum of decimal strings in one currency. */
export function sumAmounts(values: unknown[], decimals = 2): string {
  return fromMinor(
    values.reduce<bigint>((sum, value) => sum + (toMinor(value, decimals) ?? 0n), 0n),
    decimals,
  );
}
