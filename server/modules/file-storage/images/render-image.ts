import type { ReactElement } from "react";
import { imageFonts } from "./fonts.js";

/**
 * A React element drawn as a PNG of exactly width × height: satori lays it out into SVG (flexbox,
 * text shaped with the shipped fonts), resvg rasterises the SVG. No browser involved.
 */
export async function renderPng(element: ReactElement, width: number, height: number): Promise<Buffer> {
  // Loaded at the first image, not at every start (satori alone takes half a second to load).
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(element, { width, height, fonts: imageFonts() });
  return Buffer.from(
    new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().asPng(),
  );
}
