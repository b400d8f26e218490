import { FONT_FAMILY } from "../fonts.js";

export const OPENGRAPH_SIZE = { width: 1200, height: 630 } as const;

export interface OpengraphInput {
  title: string;
  siteName: string;
  /** The site's host, shown small at the bottom ("shop.example.com"). */
  domain: string;
}

/** Variant generate-template-opengraph-image-default: a page's link preview, 1200×630, its title and the site's name. */
export function OpengraphImage({ title, siteName, domain }: OpengraphInput) {
  const size = title.length > 60 ? 60 : title.length > 30 ? 76 : 92;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        fontFamily: FONT_FAMILY,
        color: "#f8f9fa",
        backgroundImage: "linear-gradient(135deg, #364fc7 0%, #5f3dc4 60%, #862e9c 100%)",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", fontSize: 36, fontWeight: 700, letterSpacing: 1 }}>
        <div style={{ width: 20, height: 20, borderRadius: 10, background: "#ffd43b", marginRight: 20 }} />
        {siteName}
      </div>
      <div
        style={{
          display: "flex",
          fontSize: size,
          fontWeight: 700,
          lineHeight: 1.1,
          maxHeight: 380,
          overflow: "hidden",
        }}
      >
        {title}
      </div>
      <div style={{ display: "flex", fontSize: 28, opacity: 0.8 }}>{domain}</div>
    </div>
  );
}
