import { Resvg } from "@resvg/resvg-js";
import type { ReactElement } from "react";
import satori from "satori";
import { imageFonts } from "./fonts.js";

/**
 * A React element drawn as a PNG of exactly width × height: satori lays it out into SVG (flexbox,
 * text shaped with the shipped fonts), resvg rasterises the SVG. No browser involved.
 */
export async function renderPng(element: ReactElement, width: number, height: number): Promise<Buffer> {
  const svg = await satori(element, { width, height, fonts: imageFonts() });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().asPng());
}
