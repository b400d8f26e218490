import type { FastifyInstance } from "fastify";
import { withLanguage } from "../../common/i18n/languages.js";
import type { SearchHit } from "../../common/site/site-search.js";
import type { Caller } from "../modules/rbac/index.js";
import {
  type Branch,
  nearestWords,
  pagesWordsBranch,
  resultsPage,
  type SearchTerms,
  wordsBranch,
} from "./search-sql.js";
import { CommonWords } from "./common-words.js";
import { PAGES, type SearchType } from "./search-types.js";
import { encodeCursor, type SearchCursor, tsqueryText } from "./search-words.js";

/** One result as the API answers it (docs/search.md): one type for the route and the site that shows it. */
export type { SearchHit };

export interface SearchAnswer {
  data: SearchHit[];
  /** The cursor of the next page (`after`), null at the end. */
  next: string | null;
  /** The query as the typo fallback corrected it, when the results are for it (nothing was found for the words as typed). */
  suggestion?: string;
}

export interface SearchRequest {
  words: string[];
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
 * (a union of one branch per type). When the words as typed find nothing, the typo fallback
 * searches again with each word's nearest known word (nearestWords), and says so (`suggestion`).
 */
export class SiteSearch {
  private readonly commonWords: CommonWords;

  constructor(
    private readonly app: FastifyInstance,
    /** How many matching records of each type are ranked (SEARCH_CANDIDATES, PageWindow). */
    private readonly candidates: number,
  ) {
    this.commonWords = new CommonWords(app.database.db);
  }

  async search(caller: Caller, request: SearchRequest): Promise<SearchAnswer> {
    if (request.words.length === 0) return { data: [], next: null };
    const readable = await this.readableTypes(caller, request.types);
    if (readable.length === 0) return { data: [], next: null };
    const branches = await Promise.all(readable.map((type) => this.branchOf(caller, type)));
    let mode = request.after?.mode ?? "words";
    // A later page of corrected results is searched with the same correction as the first.
    let words = mode === "typo" ? await this.nearest(request) : request.words;
    let rows = await this.page(branches, caller, words, request);
    // Words that find nothing are read as a typo: each word's nearest word of the titles.
    if (rows.length === 0 && mode === "words" && !request.after) {
      const nearest = await this.nearest(request);
      if (nearest.some((word, i) => word !== request.words[i])) {
        const corrected = await this.page(branches, caller, nearest, request);
        if (corrected.length > 0) [mode, words, rows] = ["typo", nearest, corrected];
      }
    }
    const more = rows.length > request.limit;
    const shown = rows.slice(0, request.limit);
    const last = shown.at(-1);
    return {
      data: shown.map((row) => this.hitOf(row, request)),
      next: more && last ? encodeCursor({ mode, rank: Number(last.rank), type: last.type, id: last.id }) : null,
      ...(mode === "typo" ? { suggestion: words.join(" ") } : {}),
    };
  }

  private async nearest(request: SearchRequest): Promise<string[]> {
    const { rows } = await nearestWords(request.words, request.language).execute(this.app.database.db);
    return rows.map((row) => row.word);
  }

  private async page(
    branches: Branch[],
    caller: Caller,
    words: readonly string[],
    request: SearchRequest,
  ): Promise<Row[]> {
    const terms: SearchTerms = { words, tsquery: tsqueryText(words), language: request.language };
    const inOrder = await this.commonWords.readInOrder(
      branches.map((branch) => branch.model),
      words,
      request.language,
      this.candidates,
    );
    // Each branch answers its best rows after the cursor, one more than the page to tell whether a
    // next page exists; only those are read for their texts and snippets.
    const window = {
      limit: request.limit + 1,
      candidates: this.candidates,
      ...(request.after ? { after: request.after } : {}),
    };
    const parts = await Promise.all(
      branches.map(async (branch, i) =>
        branch.type === PAGES
          ? pagesWordsBranch(branch, await this.blockModels(caller), terms, window)
          : wordsBranch({ ...branch, readInOrder: inOrder[i]! }, terms, window),
      ),
    );
    const { rows } = await resultsPage(parts, terms, window.limit).execute(this.app.database.db);
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
