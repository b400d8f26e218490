/**
 * A shipping address (`{ name, line1, line2?, city, postalCode, country, phone? }`, docs/shop.md) as
 * the lines a person reads on a parcel: name, line1, line2, postal code and city, the country's
 * name in the reader's language, phone. One formatter for the site's orders, the admin's order
 * table and form, and the order mails.
 */
export function addressLines(address: unknown, language: string): string[] {
  if (!address || typeof address !== "object" || Array.isArray(address)) return [];
  const value = address as Record<string, unknown>;
  const part = (key: string) => (typeof value[key] === "string" ? (value[key] as string).trim() : "");
  const country = part("country");
  return [
    part("name"),
    part("line1"),
    part("line2"),
    [part("postalCode"), part("city")].filter(Boolean).join(" "),
    country ? countryName(country, language) : "",
    part("phone"),
  ].filter(Boolean);
}

/** A country's name in the language (Intl.DisplayNames), else its code. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
