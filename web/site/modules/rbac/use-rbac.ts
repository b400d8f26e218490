import type { Language } from "../../../../common/site/page-data.js";
import type { SiteData } from "../../data/site-data.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import { useSite } from "../../render/use-site.js";
import { rbacText, type RbacStringKey } from "./strings.js";

export interface RbacContext {
  site: SiteData;
  language: Language;
  t: (key: RbacStringKey) => string;
  /** A site path in the page's language ("/ru/…" on Russian pages). */
  href: (path: string) => string;
}

/** The page's language, its rbac texts and localized links, for every rbac screen. */
export function useRbac(): RbacContext {
  const site = useSite();
  const language = site.language;
  return { site, language, t: (key) => rbacText(key, language), href: (path) => withLanguage(path, language) };
}
