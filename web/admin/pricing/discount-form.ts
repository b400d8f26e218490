import dayjs from "dayjs";
import type { DiscountsTexts } from "./discounts-texts.js";
import { FormChecks, checkMoney, checkWhole } from "./field-checks.js";
import type { DiscountCode } from "./pricing-api.js";
import type { PricingCurrency } from "./pricing-format.js";
import type { PricingTexts } from "./pricing-texts.js";
import { percentOf } from "./tax-form.js";

export type DiscountKind = DiscountCode["kind"];

/**
 * A discount code as its form holds it: money, counts and moments as typed (moments as
 * `datetime-local` values, in the browser's time zone), and the products and categories it is
 * limited to (kept in the relation models, discount-targets.ts). `used` is shown, never sent.
 */
export interface DiscountForm {
  code: string;
  kind: DiscountKind;
  value: string;
  currencyId: string | null;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  usageLimitPerCustomer: string;
  combinable: boolean;
  active: boolean;
  productIds: string[];
  categoryIds: string[];
  used: number;
}

export const emptyDiscount = (): DiscountForm => ({
  code: "",
  kind: "percent",
  value: "",
  currencyId: null,
  minSubtotal: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  usageLimitPerCustomer: "",
  combinable: false,
  active: true,
  productIds: [],
  categoryIds: [],
  used: 0,
});

/** The form's fields, as the server's causes name them. */
export const DISCOUNT_FIELDS = Object.keys(emptyDiscount());

const localOf = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");
const isoOf = (local: string) => (local ? dayjs(local).toISOString() : null);
const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));

export function discountFormOf(
  code: DiscountCode,
  targets: { productIds: string[]; categoryIds: string[] },
): DiscountForm {
  return {
    code: code.code,
    kind: code.kind,
    value: text(code.value),
    currencyId: code.currencyId,
    minSubtotal: text(code.minSubtotal),
    startsAt: localOf(code.startsAt),
    endsAt: localOf(code.endsAt),
    usageLimit: text(code.usageLimit),
    usageLimitPerCustomer: text(code.usageLimitPerCustomer),
    combinable: code.combinable,
    active: code.active,
    productIds: targets.productIds,
    categoryIds: targets.categoryIds,
    used: code.used,
  };
}

/**
 * What a save sends (the code's own fields; its products and categories go through the relation
 * models), or the fields to fix first: a code buyers can type, a percent above 0 up to 100 or an
 * amount above 0 in a chosen currency, money exact to the currency's places, an end after the
 * start, limits from 1.
 */
export function discountInputOf(
  form: DiscountForm,
  currencies: PricingCurrency[],
  t: PricingTexts,
  d: DiscountsTexts,
): { input?: Record<string, unknown>; errors: Record<string, string> } {
  const checks = new FormChecks();
  const code = form.code.trim();
  if (!/^[A-Za-z0-9_-]{2,40}$/.test(code)) checks.mark("code", code ? d.codeRule : t.needed);
  const currency = currencies.find((c) => c.id === form.currencyId);
  const decimals = currency?.decimals ?? 2;
  let value: string | null = null;
  if (form.kind === "percent") {
    const percent = percentOf(form.value);
    if (percent === undefined || /^0*(\.0*)?$/.test(percent)) checks.mark("value", d.percentRule);
    else value = percent;
  } else if (form.kind === "amount") {
    if (!currency) checks.mark("currencyId", d.needsCurrency);
    const amount = checks.take("value", checkMoney(form.value, decimals, t));
    if (amount === null) checks.mark("value", t.needed);
    else if (amount !== undefined && /^0*(\.0*)?$/.test(amount)) checks.mark("value", d.amountRule);
    else value = amount ?? null;
  }
  const minSubtotal = checks.take("minSubtotal", checkMoney(form.minSubtotal, decimals, t));
  const startsAt = isoOf(form.startsAt);
  const endsAt = isoOf(form.endsAt);
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) checks.mark("endsAt", d.endsAfterStart);
  const usageLimit = checks.take("usageLimit", checkWhole(form.usageLimit, 1, t));
  const usageLimitPerCustomer = checks.take("usageLimitPerCustomer", checkWhole(form.usageLimitPerCustomer, 1, t));
  if (!checks.ok) return { errors: checks.errors };
  return {
    input: {
      code,
      kind: form.kind,
      value,
      currencyId: form.currencyId,
      minSubtotal,
      startsAt,
      endsAt,
      usageLimit,
      usageLimitPerCustomer,
      combinable: form.combinable,
      active: form.active,
    },
    errors: {},
  };
}
