import { join } from "node:path";
import { paths } from "../server/config.js";
import type { WebLayer } from "../server/delivery/web-layer.js";
import { renderDocument, renderErrorDocument } from "../web/site/render/render-document.js";
import { variantRegistry } from "../web/site/variants.js";

/** Where `npm run build:web` (and `npm run build`, and the development `npm start`) puts the browser bundles (web/vite.config.ts's outDir). */
export const webDist = join(paths.root, "web", "dist");

/**
 * The browser code's parts the server runs, from web/: the React server render, the variants
 * registry's names, and the built bundles. Importing this file loads every variant (the server
 * renders synchronously: render-document.tsx imports them all first).
 */
export const webLayer: WebLayer = {
  renderer: { renderDocument, renderErrorDocument },
  // Read from the registry each time: registerVariant (a plug-in, a test) adds to it after start-up.
  variants: () =>
    Object.fromEntries(Object.entries(variantRegistry).map(([model, names]) => [model, Object.keys(names)])),
  bundles: { dir: webDist, siteEntry: "site/entry-client.tsx" },
};
