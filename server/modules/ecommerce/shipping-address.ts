import type { Kysely } from "kysely";
import { validationError } from "../../../engine/errors.js";

/** ISO 3166-1 alpha-2: the officially assigned codes. */
const COUNTRIES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const TEXT = (max: number) => ({ type: "string", minLength: 1, maxLength: max, pattern: "\\S", "x-message": `must be a non-blank text of at most ${max} characters` });

/** The wire form of a shipping address (issue 27): beside `email` in the checkout bodies. */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
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
    postalCode: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$", "x-message": "must be a postal code (letters, digits, spaces and hyphens, 2 to 12)" },
    country: { type: "string", enum: COUNTRIES, "x-message": "must be an ISO 3166 alpha-2 country code such as DE" },
    phone: { type: "string", pattern: "^\\+?[0-9][0-9 ()-]{4,19}$", "x-message": "must be a phone number (digits, spaces, brackets and hyphens, optional leading +)" },
  },
  required: ["name", "line1", "city", "postalCode", "country"],
} as const;

/** The address as stored on the order: trimmed, optional parts only when given. */
export function storedAddress(address: ShippingAddress): ShippingAddress {
  const { line2, phone } = address;
  return {
    name: address.name.trim(),
    line1: address.line1.trim(),
    ...(line2?.trim() ? { line2: line2.trim() } : {}),
    city: address.city.trim(),
    postalCode: address.postalCode.trim(),
    country: address.country,
    ...(phone?.trim() ? { phone: phone.trim() } : {}),
  };
}

/** Whether any of these products needs shipping (`shipping: required`): one query. */
export async function needsShipping(trx: Kysely<any>, productsTable: string, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const row = await trx.selectFrom(productsTable).select("id").where("id", "in", [...new Set(productIds)]).where("shipping", "=", "required").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The checkout's rule: lines that need shipping need an address (400 naming the field). */
export function requireAddress(needed: boolean, address: ShippingAddress | undefined): ShippingAddress | undefined {
  if (needed && !address) throw validationError("/shippingAddress is required: a product in the order needs shipping", [{ path: "/shippingAddress", message: "is required" }]);
  return address ? storedAddress(address) : undefined;
}
