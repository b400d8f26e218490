import type { Row } from "./page-data.js";
import { text } from "../i18n/text.js";

/** What a page says about itself in <head>: plain values, ready to escape into meta tags. */
export interface PageMetadata {
  title: string;
  description?: string;
  keywords?: string;
  author?: string;
  viewport: string;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
}

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;
/** A page's or its metadata's title or description: one text for every language, or a language map read in the visitor's language. */
const inLanguage = (value: unknown, language: string): string | undefined => str(text(value, language));

function fields(value: unknown, names: string[]): Record<string, string> {
  const source = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const out: Record<string, string> = {};
  for (const name of names) {
    const text = str(source[name]);
    if (text) out[name] = text;
  }
  return out;
}

/** Of a page's host/metadata rows (pages-to-metadata, in order), the one it uses: the 'primary' variant, else the first. */
export const chooseMetadataRow = (rows: Row[]): Row | undefined =>
  rows.find((row) => row.variant === "primary") ?? rows[0];

/** The same from the rows themselves (the server's Open Graph image route reads them without a page load). */
export function metadataOf(
  page: Row | undefined,
  row: Row | undefined,
  language: string,
  fallbackTitle = "Page",
): PageMetadata {
  const title = inLanguage(row?.title, language) ?? inLanguage(page?.title, language) ?? fallbackTitle;
  const description = inLanguage(row?.description, language) ?? inLanguage(page?.description, language);
  const openGraph = fields(row?.opengraph, ["title", "description", "url", "type", "siteName", "locale"]);
  const twitter = fields(row?.twitter, [
    "card",
    "site",
    "creator",
    "title",
    "description",
    "url",
    "domain",
    "appCountry",
  ]);
  // Link previews read og:title/description; without their own they take the page's.
  openGraph.title ??= title;
  if (description) openGraph.description ??= description;
  openGraph.type ??= "website";
  openGraph.locale ??= openGraphLocale(language);
  twitter.card ??= "summary_large_image";
  twitter.title ??= openGraph.title;
  if (openGraph.description) twitter.description ??= openGraph.description;
  return {
    title,
    description,
    keywords: str(row?.keywords),
    author: str(row?.author),
    viewport: str(row?.viewport) ?? "width=device-width, initial-scale=1",
    openGraph,
    twitter,
  };
}

/** og:locale is language_TERRITORY: a code's own region ("pt-BR" → pt_BR), the usual one for a few, else the bare code. */
const USUAL_LOCALES: Record<string, string> = {
  en: "en_US",
  ru: "ru_RU",
  de: "de_DE",
  fr: "fr_FR",
  es: "es_ES",
  it: "it_IT",
};
function openGraphLocale(language: string): string {
  const [lang, region] = language.split("-");
  if (region && region.length === 2) return `${lang}_${region.toUpperCase()}`;
  return USUAL_LOCALES[language] ?? language;
}
