import { FONT_FAMILY } from "../fonts.js";

export const PRODUCT_ATTACHMENT_SIZE = { width: 1200, height: 1200 } as const;

export interface ProductAttachmentInput {
  siteName: string;
  title: string;
  shortDescription: string;
  /** Formatted prices, one per currency ("$19.99"). */
  prices: string[];
}

/** Variant generate-template-ecommerce-product-attachment-default: a product's card as an image, for attaching to the product or sharing. */
export function ProductAttachment({ siteName, title, shortDescription, prices }: ProductAttachmentInput) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 96,
        fontFamily: FONT_FAMILY,
        color: "#212529",
        background: "linear-gradient(160deg, #f8f9fa 0%, #e7f5ff 100%)",
      }}
    >
      <div style={{ display: "flex", fontSize: 40, fontWeight: 700, color: "#364fc7" }}>{siteName}</div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: title.length > 40 ? 72 : 96, fontWeight: 700, lineHeight: 1.1 }}>
          {title}
        </div>
        {shortDescription ? (
          <div
            style={{
              display: "flex",
              fontSize: 40,
              color: "#495057",
              marginTop: 32,
              lineHeight: 1.3,
              maxHeight: 320,
              overflow: "hidden",
            }}
          >
            {shortDescription}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", flexWrap: "wrap" }}>
        {prices.map((price) => (
          <div
            key={price}
            style={{
              display: "flex",
              fontSize: 56,
              fontWeight: 700,
              color: "#ffffff",
              background: "#364fc7",
              borderRadius: 24,
              padding: "16px 40px",
              marginRight: 24,
            }}
          >
            {price}
          </div>
        ))}
      </div>
    </div>
  );
}
