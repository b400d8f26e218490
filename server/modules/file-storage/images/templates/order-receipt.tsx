import type { Language } from "../../../../../common/site/page-data.js";
import { FONT_FAMILY } from "../fonts.js";
import { imageText } from "./image-strings.js";

export const RECEIPT_SIZE = { width: 1500, height: 1500 } as const;
/** Lines beyond this many are summed up in one row: the image has a fixed size. */
export const RECEIPT_MAX_LINES = 12;

export interface ReceiptLine {
  title: string;
  quantity: number;
  /** Decimal strings in the order's currency, or undefined when the line has no price in it. */
  price?: string;
  amount?: string;
}

/** A row between the lines and the total (subtotal, discount, delivery, a tax), its words in the receipt's language. */
export interface ReceiptRow {
  label: string;
  /** A decimal string in the order's currency. */
  amount: string;
  /** Taken off (a discount): shown with a minus. */
  minus?: boolean;
}

export interface ReceiptInput {
  language: Language;
  siteName: string;
  orderId: string;
  status: string;
  /** When the order was placed or last changed: shown as DD.MM.YYYY HH:mm (UTC). */
  date: Date;
  lines: ReceiptLine[];
  /** What the invoice charged beside the lines, when it keeps a breakdown; none: the total follows the lines. */
  rows?: ReceiptRow[];
  total?: string;
  /** "USD" and its symbol ("$"), when the order has a currency. */
  currency?: { code: string; symbol?: string | null };
}

const pad = (n: number) => String(n).padStart(2, "0");
const formatDate = (d: Date) =>
  `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;

const cell = (flex: number, align: "left" | "right" = "left") =>
  ({
    display: "flex",
    flexGrow: flex,
    flexShrink: 1,
    flexBasis: 0,
    minWidth: 0,
    justifyContent: align === "right" ? "flex-end" : "flex-start",
    overflow: "hidden",
  }) as const;

/** Variant generate-template-ecommerce-order-receipt-default (docs/files.md): 1500×1500, lines, the invoice's rows (subtotal, discount, delivery, tax), total, currency, status, date. */
export function OrderReceipt(input: ReceiptInput) {
  const t = (key: Parameters<typeof imageText>[0]) => imageText(key, input.language);
  const money = (value?: string) => (value === undefined ? t("noPrice") : `${input.currency?.symbol ?? ""}${value}`);
  const rows = input.rows ?? [];
  // The image's height is fixed: each row beside the total takes a line's room.
  const shown = input.lines.slice(0, RECEIPT_MAX_LINES - rows.length);
  const hidden = input.lines.length - shown.length;
  const statusKey = `status.${input.status}` as Parameters<typeof imageText>[0];
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        padding: 96,
        fontFamily: FONT_FAMILY,
        color: "#212529",
        background: "#ffffff",
        fontSize: 34,
      }}
    >
      <div
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-end",
          borderBottom: "6px solid #364fc7",
          paddingBottom: 32,
        }}
      >
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ fontSize: 40, color: "#364fc7", fontWeight: 700 }}>{input.siteName}</div>
          <div style={{ fontSize: 96, fontWeight: 700 }}>{t("receipt")}</div>
        </div>
        <div
          style={{ display: "flex", flexDirection: "column", alignItems: "flex-end", fontSize: 30, color: "#495057" }}
        >
          <div style={{ display: "flex" }}>{`${t("order")} ${input.orderId.slice(0, 8)}`}</div>
          <div style={{ display: "flex" }}>{`${t("date")}: ${formatDate(input.date)}`}</div>
          <div
            style={{ display: "flex", fontWeight: 700, color: "#212529" }}
          >{`${t("status")}: ${imageText(statusKey, input.language) || input.status}`}</div>
        </div>
      </div>
      <div style={{ display: "flex", padding: "28px 0 12px", fontSize: 28, color: "#868e96", fontWeight: 700 }}>
        <div style={cell(6)}>{t("product")}</div>
        <div style={cell(1.4, "right")}>{t("quantity")}</div>
        <div style={cell(2.2, "right")}>{t("price")}</div>
        <div style={cell(2.4, "right")}>{t("amount")}</div>
      </div>
      {shown.map((line, i) => (
        <div key={i} style={{ display: "flex", padding: "14px 0", borderTop: "2px solid #e9ecef" }}>
          <div style={cell(6)}>{line.title}</div>
          <div style={cell(1.4, "right")}>{String(line.quantity)}</div>
          <div style={cell(2.2, "right")}>{money(line.price)}</div>
          <div style={cell(2.4, "right")}>{money(line.amount)}</div>
        </div>
      ))}
      {hidden > 0 ? <div style={{ display: "flex", padding: "14px 0", color: "#868e96" }}>{`+ ${hidden}`}</div> : null}
      <div style={{ display: "flex", flex: 1 }} />
      {rows.map((row, i) => (
        <div
          key={`row-${i}`}
          style={{ display: "flex", padding: "8px 0", fontSize: 32, color: "#495057", borderTop: "2px solid #e9ecef" }}
        >
          <div style={cell(8)}>{row.label}</div>
          <div style={cell(3, "right")}>{`${row.minus ? "−" : ""}${money(row.amount)}`}</div>
        </div>
      ))}
      <div
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          borderTop: "6px solid #212529",
          paddingTop: 32,
        }}
      >
        <div style={{ display: "flex", fontSize: 34, color: "#495057" }}>
          {input.currency ? `${t("currency")}: ${input.currency.code}` : ""}
        </div>
        <div style={{ display: "flex", fontSize: 64, fontWeight: 700 }}>{`${t("total")}: ${money(input.total)}`}</div>
      </div>
    </div>
  );
}
