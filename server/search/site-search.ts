import type { FastifyInstance } from "fastify";
import { withLanguage } from "../../common/i18n/languages.js";
import type { SearchHit } from "../../common/site/site-search.js";
import type { Caller } from "../modules/rbac/index.js";
import { type Branch, pagesWordsBranch, resultsPage, type SearchTerms, typoBranch, wordsBranch } from "./search-sql.js";
import { PAGES, type SearchType } from "./search-types.js";
import { encodeCursor, type SearchCursor, tsqueryText } from "./search-words.js";

/** One result as the API answers it (docs/search.md): one type for the route and the site that shows it. */
export type { SearchHit };

export interface SearchAnswer {
  data: SearchHit[];
  /** The cursor of the next page (`after`), null at the end. */
  next: string | null;
}

export interface SearchRequest {
  words: string[];
  text: string;
  language: string;
  types: readonly SearchType[];
  limit: number;
  after?: SearchCursor;
}

interface Row {
  type: string;
  id: string;
  title: string;
  key: string;
  rank: number;
  titleSnippet: string;
  bodySnippet: string;
}

const MARK = "<mark>";

/**
 * The visitors' search (GET /api/search): published copies only (drafts are never found), of the
 * types the caller may read, without the rows members-only hides from it; one statement a page
 * (a union of one branch per type), and one more for the typo fallback when the words match nothing.
 */
export class SiteSearch {
  constructor(private readonly app: FastifyInstance) {}

  async search(caller: Caller, request: SearchRequest): Promise<SearchAnswer> {
    if (request.words.length === 0) return { data: [], next: null };
    const readable = await this.readableTypes(caller, request.types);
    if (readable.length === 0) return { data: [], next: null };
    const branches = await Promise.all(readable.map((type) => this.branchOf(caller, type)));
    const terms: SearchTerms = { tsquery: tsqueryText(request.words), text: request.text, language: request.language };
    let mode = request.after?.mode ?? "words";
    let rows = await this.page(mode, branches, caller, terms, request);
    // A query whose words match nothing is read as a typo: titles that look like it.
    if (rows.length === 0 && mode === "words" && !request.after) {
      mode = "typo";
      rows = await this.page(mode, branches, caller, terms, request);
    }
    const more = rows.length > request.limit;
    const shown = rows.slice(0, request.limit);
    const last = shown.at(-1);
    return {
      data: shown.map((row) => this.hitOf(row, request)),
      next: more && last ? encodeCursor({ mode, rank: Number(last.rank), type: last.type, id: last.id }) : null,
    };
  }

  private async page(
    mode: SearchCursor["mode"],
    branches: Branch[],
    caller: Caller,
    terms: SearchTerms,
    request: SearchRequest,
  ): Promise<Row[]> {
    const parts =
      mode === "typo"
        ? branches.map((branch) => typoBranch(branch, terms))
        : await Promise.all(
            branches.map(async (branch) =>
              branch.type === PAGES
                ? pagesWordsBranch(branch, await this.blockModels(caller), terms)
                : wordsBranch(branch, terms),
            ),
          );
    const statement = resultsPage(parts, terms, request.limit + 1, request.after);
    const { rows } = await statement.execute(this.app.database.db);
    return rows as Row[];
  }

  private hitOf(row: Row, request: SearchRequest): SearchHit {
    const type = request.types.find((t) => t.type === row.type)!;
    // The snippet shows why the record was found: the body's matching fragments, else the title
    // with its matched words, else (a typo's match) the start of the body.
    const body = row.bodySnippet ?? "";
    const title = row.titleSnippet ?? "";
    const snippet = body.includes(MARK) ? body : title.includes(MARK) ? title : body || title;
    return {
      type: row.type,
      id: row.id,
      title: row.title,
      url: withLanguage(type.address(row.key), request.language),
      snippet,
      rank: Number(row.rank),
    };
  }

  /** The asked types whose model the caller may list (GET /api/{module}/{entity}), in the asked order. */
  private async readableTypes(caller: Caller, types: readonly SearchType[]): Promise<SearchType[]> {
    const allowed = await Promise.all(
      types.map((type) => this.app.rbac.authorizer.allows(caller, "GET", `/api/${type.model}`)),
    );
    return types.filter((_, i) => allowed[i]);
  }

  private async branchOf(caller: Caller, type: SearchType): Promise<Branch> {
    return {
      type: type.type,
      model: this.app.registry.get(type.model),
      hidden: await this.app.rbac.membersOnly.hiddenIds(caller, type.model, "published"),
    };
  }

  private async blockModels(caller: Caller) {
    const registry = this.app.registry;
    return {
      pagesToWidgets: registry.get("host/pages-to-widgets"),
      hostWidgets: registry.get("host/widgets"),
      externalWidgets: registry.get("host/widgets-to-external-widgets"),
      widgets: registry.get("website-builder/widgets"),
      hiddenWidgets: await this.app.rbac.membersOnly.hiddenIds(caller, "website-builder/widgets", "published"),
    };
  }
}
