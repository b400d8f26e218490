/**
 * Hydration, the entry's deferred part (web/site/entry-client.tsx imports it once the page has
 * painted): reads the page data the server embedded, imports the variants the server rendered
 * (their chunks are already on their way) and hydrates the server's HTML with the very same tree.
 */
import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { PageData } from "../../common/site/page-data.js";
import { applyLanguages } from "../../engine/schema/languages.js";
import { DATA_SCRIPT_ID, STATE_SCRIPT_ID } from "../../common/site/html.js";
import { SiteApp, type SiteState } from "./render/site-app.js";
import { loadVariantFiles, siteVariants } from "./variants.js";

function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The attribute the root gets once the whole page is hydrated (tests wait for it). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Marks the root once hydrated: a parent's effect runs after every child's has committed. */
function HydrationMark({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.setAttribute(HYDRATED_ATTRIBUTE, ""), [root]);
  return children;
}

export async function hydrate(): Promise<void> {
  const root = document.getElementById("root");
  const data = readJson<PageData>(DATA_SCRIPT_ID);
  if (!root || !data) return;
  const state = readJson<SiteState>(STATE_SCRIPT_ID) ?? { failures: {} };
  // The languages are a server setting, not compiled in: applied before anything renders.
  if (state.languages) applyLanguages(state.languages.list, state.languages.default);
  // Hydrating before a variant's code is here would render a fallback where the server's HTML
  // is: a flash and a mismatch. So the variants come first (a failed import is a widget error).
  await loadVariantFiles(state.variants ?? []).catch((error: unknown) => console.error("variant chunks failed", error));
  // As a transition, hydration yields to the browser every few milliseconds (a click or a key is
  // handled in between) rather than holding the main thread for the whole page in one task.
  startTransition(() => {
    hydrateRoot(
      root,
      <HydrationMark root={root}>
        <SiteApp data={data} variants={siteVariants} state={state} />
      </HydrationMark>,
    );
  });
}
