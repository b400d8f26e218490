import { useState } from "react";

/** The widths the composer's preview lays the page out at: a phone's, a tablet's, a desktop's, or the column's own. */
export const PREVIEW_WIDTHS = { phone: 390, tablet: 768, desktop: 1280, full: undefined } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const KEY = "composer.preview-width";
const isWidth = (value: unknown): value is PreviewWidth =>
  typeof value === "string" && Object.hasOwn(PREVIEW_WIDTHS, value);

/** What the editor chose last (in this browser), desktop at first. */
function remembered(): PreviewWidth {
  try {
    const stored = localStorage.getItem(KEY);
    return isWidth(stored) ? stored : "desktop";
  } catch {
    return "desktop"; // storage refused (a private window's quota): the choice lasts the visit
  }
}

/** The preview's width, remembered across pages and visits. */
export function usePreviewWidth(): [PreviewWidth, (width: string) => void] {
  const [width, setWidth] = useState(remembered);
  const choose = (next: string) => {
    if (!isWidth(next)) return;
    setWidth(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // not remembered, still shown
    }
  };
  return [width, choose];
}

/**
 * How the frame sits in a column `column` px wide: laid out at the chosen width, scaled down to
 * fit (never up), centred; "full" fills the column (its own width, whatever the column becomes).
 */
export function framePlacement(
  width: PreviewWidth,
  column: number,
): { width: number | "100%"; scale: number; left: number } {
  const pageWidth = PREVIEW_WIDTHS[width];
  if (pageWidth === undefined) return { width: "100%", scale: 1, left: 0 };
  if (column <= 0) return { width: pageWidth, scale: 1, left: 0 };
  const scale = Math.min(1, column / pageWidth);
  return { width: pageWidth, scale, left: Math.max(0, (column - pageWidth * scale) / 2) };
}
