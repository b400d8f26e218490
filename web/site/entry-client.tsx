/**
 * The browser side of the public site. The server's HTML is the page, styled and readable before
 * any script runs; this entry is kept tiny so that nothing competes with the HTML and the style
 * sheets for the first paint. Once the page has painted it preloads, side by side, the chunks the
 * server listed for this page (React, the shared code, the variants shown: CHUNKS_SCRIPT_ID) and
 * imports the hydration (hydrate.tsx). Style sheets are imported here only: the server never
 * imports this file, so it never sees a .css import.
 */
import "./render/site-styles.js";
import { afterFirstPaint } from "./after-first-paint.js";
import { CHUNKS_SCRIPT_ID } from "./render/asset-tags.js";

function preload(urls: string[]) {
  for (const href of urls) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
}

await afterFirstPaint();
const listed = document.getElementById(CHUNKS_SCRIPT_ID)?.textContent;
if (listed) preload(JSON.parse(listed) as string[]);
const { hydrate } = await import("./hydrate.js");
await hydrate();
