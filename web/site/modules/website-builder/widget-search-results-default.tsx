import { withLanguage } from "../../../../common/i18n/languages.js";
import {
  SEARCH_PATH,
  SEARCH_TYPES,
  hasMarks,
  searchQueryString,
  type SearchHit,
  type SiteSearch,
} from "../../../../common/site/site-search.js";
import type { UiStringKey } from "../../i18n/ui-strings.js";
import { Section } from "../../render/section.js";
import { useSite, useUiText } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { HitSnippet, hitHref } from "./search-hit.js";

/** Each kind's group heading, in the order the page shows them (common/site/site-search.ts SEARCH_TYPES). */
const GROUP_HEADINGS: Record<string, UiStringKey> = {
  "blog.articles": "articles",
  "ecommerce.products": "products",
  "host.pages": "searchPages",
};

/**
 * The search results page (docs/site.md, "Search"): the query in a search form, then the results
 * grouped by kind (articles, products, pages), each its title linked to its page and its
 * snippet with the matched words marked; "Nothing found" (with the API's spelling when it has
 * one, and the closest titles when its typo fallback answered only those) and "More results"
 * from the API's cursor. The server renders it per query
 * (server/site/search-page.ts puts the answer in the page data as `search`).
 */
export function WidgetSearchResultsDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const language = site.language;
  const search: SiteSearch = site.data.search ?? { query: "", hits: [], next: null };
  const action = withLanguage(SEARCH_PATH, language);
  const kinds = [...SEARCH_TYPES, ...new Set(search.hits.map((hit) => hit.type))].filter(
    (kind, index, all) => all.indexOf(kind) === index,
  );
  const groups = kinds
    .map((kind) => ({ kind, hits: search.hits.filter((hit) => hit.type === kind) }))
    .filter((group) => group.hits.length > 0);
  // Not what was asked for: results for the query as the API's typo fallback corrected it (its
  // `suggestion`), or results none of whose snippets marks a word of the query.
  const closestOnly =
    search.hits.length > 0 && (Boolean(search.suggestion) || search.hits.every((hit) => !hasMarks(hit.snippet)));
  const searchLink = (query: string, after?: string | null) => `${action}${searchQueryString(query, after)}`;

  return (
    <Section record={record}>
      <div className="s-search-page" data-search-results="">
        <h1 className="s-search-page-title">{search.query ? `${t("search")}: ${search.query}` : t("searchResults")}</h1>
        <search>
          <form action={action} method="get" className="s-search-page-form">
            <input
              className="s-search-input"
              type="search"
              name="q"
              defaultValue={search.query}
              aria-label={t("search")}
              placeholder={t("searchPlaceholder")}
            />
            <button type="submit" className="s-search-page-submit">
              {t("search")}
            </button>
          </form>
        </search>
        {search.refused ? (
          <p data-search-refused="">{t("searchRefused")}</p>
        ) : !search.query ? (
          <p>{t("searchHint")}</p>
        ) : groups.length === 0 || closestOnly ? (
          <div data-search-nothing="">
            <p>{t("searchNothingFound").replace("{query}", search.query)}</p>
            {search.suggestion ? (
              <p>
                {t("searchDidYouMean")} <a href={searchLink(search.suggestion)}>{search.suggestion}</a>?
              </p>
            ) : null}
            {closestOnly ? (
              <section className="s-search-group" data-search-closest="">
                <h2>{t("searchClosest")}</h2>
                <ul>
                  {search.hits.map((hit) => (
                    <li key={`${hit.type}:${hit.id}`} className="s-search-result">
                      <a href={hitHref(hit, language)} className="s-search-result-title">
                        {hit.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : (
          groups.map(({ kind, hits }) => (
            <section key={kind} className="s-search-group" data-search-group={kind}>
              <h2>{GROUP_HEADINGS[kind] ? t(GROUP_HEADINGS[kind]) : kind}</h2>
              <ul>
                {hits.map((hit: SearchHit) => (
                  <li key={hit.id} className="s-search-result">
                    <a href={hitHref(hit, language)} className="s-search-result-title">
                      {hit.title}
                    </a>
                    <HitSnippet snippet={hit.snippet} className="s-search-result-snippet" />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        {search.next && !search.refused ? (
          <a href={searchLink(search.query, search.next)} className="s-search-more" data-search-more="">
            {t("searchMore")}
          </a>
        ) : null}
      </div>
    </Section>
  );
}
