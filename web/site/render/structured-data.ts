import type { Row } from "../../../common/site/page-data.js";
import type { SiteData } from "../data/site-data.js";
import { text } from "../../../common/i18n/text.js";
import { decimalsOf, productPrices } from "../modules/ecommerce/helpers/price.js";
import { fromMinor, toMinor } from "../../../common/money.js";
import { stockLeft } from "../modules/ecommerce/helpers/stock.js";

// schema.org data for search engines (JSON-LD in <head>): an article or a product named by the
// page's url ("/blog/articles/[blog.articles.slug]", "/ecommerce/products/[ecommerce.products.slug]").

export interface PageLinks {
  /** The page's absolute address in its language. */
  url: string;
  /** Its Open Graph image, absolute, when the site's address is known. */
  image?: string;
  siteName?: string;
}

type JsonLd = Record<string, unknown>;

const iso = (value: unknown) => {
  const date = typeof value === "string" || value instanceof Date ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};

/** Plain text of a language map, or undefined when it is empty. */
const plain = (value: unknown, site: SiteData) => text(value, site.language).trim() || undefined;

/** The record a url segment of `model` names ("blog.articles.slug" → the article), if any. */
function namedRecord(site: SiteData, model: string): Row | undefined {
  const segment = Object.keys(site.data.segments).find((name) => name.split(".").slice(0, 2).join("/") === model);
  return segment ? site.bySegment(segment) : undefined;
}

function article(site: SiteData, row: Row, links: PageLinks): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: plain(row.title, site),
    description: plain(row.subtitle, site),
    inLanguage: site.language,
    url: links.url,
    mainEntityOfPage: links.url,
    image: links.image,
    datePublished: iso(row.createdAt),
    dateModified: iso(row.updatedAt ?? row.createdAt),
    publisher: links.siteName ? { "@type": "Organization", name: links.siteName } : undefined,
  };
}

/**
 * A product and its offers: one per price in a currency with an ISO 4217 code (the currency's
 * slug, "usd" → "USD"), the price an exact decimal string in the currency's places ("24.50"),
 * never a float, and its availability (InStock, or OutOfStock when its stock is 0).
 */
function product(site: SiteData, row: Row, links: PageLinks): JsonLd {
  // A tracked product with none left is OutOfStock; untracked or in stock, InStock.
  const availability = `https://schema.org/${stockLeft(row) === 0 ? "OutOfStock" : "InStock"}`;
  const offers = productPrices(site, row.id).flatMap((price) => {
    const code =
      typeof price.currency?.slug === "string" && /^[a-z]{3}$/i.test(price.currency.slug)
        ? price.currency.slug.toUpperCase()
        : undefined;
    const decimals = decimalsOf(price.currency);
    const minor = toMinor(price.amount, decimals);
    if (!code || minor === undefined) return [];
    return [{ "@type": "Offer", price: fromMinor(minor, decimals), priceCurrency: code, url: links.url, availability }];
  });
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: plain(row.title, site),
    description: plain(row.shortDescription, site) ?? plain(row.subtitle, site),
    url: links.url,
    image: links.image,
    offers: offers.length ? offers : undefined,
  };
}

/** The JSON-LD objects of a page: its url's article and product, if it names one. */
export function structuredData(site: SiteData, links: PageLinks): JsonLd[] {
  const found: JsonLd[] = [];
  const articleRow = namedRecord(site, "blog/articles");
  if (articleRow) found.push(article(site, articleRow, links));
  const productRow = namedRecord(site, "ecommerce/products");
  if (productRow) found.push(product(site, productRow, links));
  // Unset properties are left out rather than sent as null.
  return found.map((object) => JSON.parse(JSON.stringify(object)) as JsonLd);
}
