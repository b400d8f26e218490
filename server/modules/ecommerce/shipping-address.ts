import { validationError } from "../../../engine/errors.js";
import { COUNTRIES } from "../../../common/countries.js";

const TEXT = (max: number) => ({
  type: "string",
  minLength: 1,
  maxLength: max,
  pattern: "\\S",
  "x-message": `must be a non-blank text of at most ${max} characters`,
});

/** The wire form of a shipping address (docs/shop.md): beside `email` in the checkout bodies. */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  /** A state or province, where the country's taxes differ by region (docs/shop-pricing.md). */
  region?: string;
  postalCode: string;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  phone?: string;
}

/** Its JSON Schema, part of the checkout bodies: a missing or invalid field is a 400 naming it. */
export const SHIPPING_ADDRESS = {
  type: "object",
  additionalProperties: false,
  properties: {
    name: TEXT(200),
    line1: TEXT(200),
    line2: { type: "string", maxLength: 200 },
    city: TEXT(100),
    region: { type: "string", maxLength: 100 },
    postalCode: {
      type: "string",
      pattern: "^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$",
      "x-message": "must be a postal code (letters, digits, spaces and hyphens, 2 to 12)",
    },
    country: { type: "string", enum: COUNTRIES, "x-message": "must be an ISO 3166 alpha-2 country code such as DE" },
    phone: {
      type: "string",
      pattern: "^\\+?[0-9][0-9 ()-]{4,19}$",
      "x-message": "must be a phone number (digits, spaces, brackets and hyphens, optional leading +)",
    },
  },
  required: ["name", "line1", "city", "postalCode", "country"],
} as const;

/** The address as stored on the order: trimmed, optional parts only when given. */
export function storedAddress(address: ShippingAddress): ShippingAddress {
  const { line2, phone, region } = address;
  return {
    name: address.name.trim(),
    line1: address.line1.trim(),
    ...(line2?.trim() ? { line2: line2.trim() } : {}),
    city: address.city.trim(),
    ...(region?.trim() ? { region: region.trim() } : {}),
    postalCode: address.postalCode.trim(),
    country: address.country,
    ...(phone?.trim() ? { phone: phone.trim() } : {}),
  };
}

/** The checkout's rule: lines that need shipping need an address (400 naming the field). */
export function requireAddress(needed: boolean, address: ShippingAddress | undefined): ShippingAddress | undefined {
  if (needed && !address)
    throw validationError("/shippingAddress is required: a product in the order needs shipping", [
      { path: "/shippingAddress", message: "is required" },
    ]);
  return address ? storedAddress(address) : undefined;
}
