import { createContext, createElement, useContext, type ReactNode } from "react";
import type { SiteData } from "../data/site-data.js";
import { uiText, type UiStringKey } from "../i18n/ui-strings.js";

const SiteContext = createContext<SiteData | null>(null);

export function SiteProvider({ site, children }: { site: SiteData; children?: ReactNode }) {
  return createElement(SiteContext.Provider, { value: site }, children);
}

/** The page's loaded data (records, relations, segments, language) for any variant. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite() needs a SiteProvider above it");
  return site;
}

/** A translator for the renderer's own UI texts in the page's language. */
export function useUiText(): (key: UiStringKey) => string {
  const site = useSite();
  return (key) => uiText(key, site.language);
}
