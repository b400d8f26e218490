import { text } from "../../../common/i18n/text.js";
import type { Language } from "../../../common/site/page-data.js";
import { imageText, type ReceiptRow } from "../file-storage/index.js";
import type { ChargedBreakdown } from "./invoice-breakdown.js";

/**
 * The rows between an order's lines and its total, in a language, as the buyer's receipt and
 * mails and the owner's mail show them (the desk has its own words, web/admin/orders/): the
 * subtotal; the discount with its codes; delivery with its option's title; the tax per rate —
 * "VAT 19%" added to net prices, "incl. VAT 19%" inside gross ones. The same figures the invoice
 * charged, as its breakdown keeps them; a row with nothing in it (no discount, no tax) is left out,
 * and so are they all when only the subtotal would be left.
 */
export function breakdownRows(b: ChargedBreakdown, language: Language): ReceiptRow[] {
  const t = (key: Parameters<typeof imageText>[0]) => imageText(key, language);
  const rows: ReceiptRow[] = [];
  if (!isZero(b.discount)) {
    const codes = b.appliedCodes.length ? ` (${b.appliedCodes.join(", ")})` : "";
    rows.push({ label: `${t("discount")}${codes}`, amount: b.discount, minus: true });
  }
  const option = b.shippingTitle ? text(b.shippingTitle, language) : "";
  if (option || !isZero(b.shipping))
    rows.push({ label: option ? `${t("delivery")} (${option})` : t("delivery"), amount: b.shipping });
  for (const tax of b.taxes) {
    if (isZero(tax.amount)) continue;
    const name = `${text(tax.title, language) || t("tax")} ${percent(tax.rate, language)}`;
    rows.push({ label: b.taxIncluded ? `${t("taxIncluded")} ${name}` : name, amount: tax.amount });
  }
  // Nothing beside the lines (a shop with no rates or codes): the total follows the lines, as before.
  return rows.length ? [{ label: t("subtotal"), amount: b.subtotal }, ...rows] : [];
}

/** The rows as lines of a plain-text mail: "Delivery (Standard): $4.90", a discount with a minus. */
export function breakdownText(rows: readonly ReceiptRow[], money: (amount: string) => string): string {
  return rows.map((row) => `${row.label}: ${row.minus ? "−" : ""}${money(row.amount)}`).join("\n");
}

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

/** "19%", "7.5%"; in Russian "7,5 %", with the comma and the space its typography wants. */
function percent(rate: string, language: Language): string {
  const trimmed = rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate;
  return language === "ru" ? `${trimmed.replace(".", ",")}\u00a0%` : `${trimmed}%`;
}
