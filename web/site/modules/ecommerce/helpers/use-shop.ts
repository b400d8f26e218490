import type { Language } from "../../../../../common/site/page-data.js";
import type { SiteData } from "../../../data/site-data.js";
import { withLanguage } from "../../../../../common/i18n/languages.js";
import { useSite } from "../../../render/use-site.js";
import { shopText, type ShopStringKey } from "./strings.js";

export interface ShopContext {
  site: SiteData;
  language: Language;
  t: (key: ShopStringKey) => string;
  /** A site path in the page's language ("/ru/cart" on Russian pages). */
  href: (path: string) => string;
}

/** The page's language, the shop's texts and localized links, for every shop screen. */
export function useShop(): ShopContext {
  const site = useSite();
  const language = site.language;
  return { site, language, t: (key) => shopText(key, language), href: (path) => withLanguage(path, language) };
}
