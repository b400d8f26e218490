import { sql, type RawBuilder } from "kysely";
import { DEFAULT_LANGUAGE } from "../../engine/schema/languages.js";
import type { Field, Model } from "../../engine/schema/model.js";
import { publishedTable } from "../../engine/schema/published-model.js";
import { quote } from "../../engine/sql/identifiers.js";
import {
  fieldText,
  richTextShown,
  searchDocument,
  textSearchConfig,
  weightedFields,
} from "../../engine/sql/search-vector.js";

// The statements of the site search (docs/search.md), over the published copies visitors read.
// The full-text condition is `search_en @@ query`: the stored document the index is built on
// (engine/sql/search-vector.ts), so PostgreSQL reads the index rather than every row, and a
// match is ranked from the stored document rather than its texts parsed again.

/** What one search reads: the query's words, as tsquery text too, and the language. */
export interface SearchTerms {
  words: readonly string[];
  tsquery: string;
  language: string;
}

/** One branch of the search: the rows of one type, each with its title, key, rank and body text. */
export interface Branch {
  type: string;
  model: Model;
  /** Rows of the model a caller may not see (members-only), never found. */
  hidden: ReadonlySet<string>;
  /** Whether its candidates are read in table order, the words being common in it (common-words.ts); else by the index. */
  readInOrder?: boolean;
}

const regconfig = (language: string) => sql.raw(`'${textSearchConfig(language)}'::regconfig`);

export const tsqueryOf = (terms: SearchTerms) => sql`to_tsquery(${regconfig(terms.language)}, ${terms.tsquery})`;

/** A text with its markup characters escaped: ts_headline then adds the only tags (<mark>). */
const escaped = (text: RawBuilder<unknown>) =>
  sql`replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

/** A plain rich text's entities (an HTML import's) as the characters they stand for, so escaping writes each once. */
const decoded = (text: string) =>
  `replace(replace(replace(replace(replace(replace(${text}, '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

const titleField = (model: Model): Field => model.fieldMap.get("title")!;

/** A field's text in a language as shown (no tags, entities decoded), NULL when empty. */
const shownText = (field: Field, language: string, alias: string) => {
  const text = fieldText(field, language, alias);
  return `nullif(${field.input === "rich-text" ? decoded(richTextShown(text)) : text}, '')`;
};

/** The title in the language, else in the default one (a record found by another field may lack a title there). */
const titleText = (model: Model, language: string, alias: string) =>
  `coalesce(${shownText(titleField(model), language, alias)}, ${shownText(titleField(model), DEFAULT_LANGUAGE, alias)}, '')`;

/** The texts a snippet is cut from: every weighted field but the title, in weight order. */
const bodyText = (model: Model, language: string, alias: string, include = (f: Field) => f.name !== "title") =>
  `concat_ws(' — ', ${
    weightedFields(model)
      .filter(include)
      .map((f) => shownText(f, language, alias))
      .join(", ") || "NULL"
  })`;

const notHidden = (alias: string, hidden: ReadonlySet<string>) =>
  hidden.size === 0
    ? sql``
    : sql`AND ${sql.raw(quote(alias))}."id" NOT IN (${sql.join([...hidden].map((id) => sql`${id}`))})`;

const notTemplate = (model: Model) =>
  model.fieldMap.has("isTemplate") ? sql`AND "m"."isTemplate" IS NOT TRUE` : sql``;

const table = (model: Model) => sql.raw(quote(publishedTable(model)));

/** Where the next page starts: after the last result of the order rank (best first), type, id. */
export interface After {
  rank: number;
  type: string;
  id: string;
}

/** The part of the answer one branch is asked for: its best `limit` rows after the cursor. */
export interface PageWindow {
  limit: number;
  after?: After;
  /**
   * How many matching rows of the type are ranked (SEARCH_CANDIDATES). Ranking reads each match's
   * text again (the index tells which rows match, not how well), so a word in most of 100,000
   * articles would cost seconds; past this many matches the first ones the index yields are
   * ranked, and a second word narrows the search to rows that all are (docs/search.md#limits).
   */
  candidates: number;
}

/**
 * A branch's best rows of a window: `ranked` has the candidates with their "searchRank"; only
 * the window's rows (at most `limit`) are read further, for their title and body texts.
 */
function bestOf(type: string, ranked: RawBuilder<unknown>, window: PageWindow): RawBuilder<unknown> {
  const { after } = window;
  const rank = (value: number) => sql`${value}::real`;
  const afterCondition = after
    ? sql`WHERE "r"."searchRank" < ${rank(after.rank)} OR ("r"."searchRank" = ${rank(after.rank)} AND (${type}::text > ${after.type} OR (${type}::text = ${after.type} AND "r"."id"::text > ${after.id})))`
    : sql``;
  return sql`SELECT * FROM (${ranked}) AS "r" ${afterCondition} ORDER BY "r"."searchRank" DESC, "r"."id"::text LIMIT ${window.limit}`;
}

/**
 * A record type's rows that match the words: ranked by ts_rank_cd over the weighted document (an
 * A field counts five times a C field), `key` its slug.
 */
export function wordsBranch(branch: Branch, terms: SearchTerms, window: PageWindow): RawBuilder<unknown> {
  const { model, language } = { model: branch.model, language: terms.language };
  const query = tsqueryOf(terms);
  const document = sql.raw(searchDocument(model, language, "m"));
  const hidden = notHidden("m", branch.hidden);
  // Words common enough (CommonWords.readInOrder): the table in order, through an expression
  // the index is not on; else the index. In order by a range of row addresses covering the whole
  // table (a TID range scan) rather than a sequential scan: PostgreSQL reads a table larger than
  // a quarter of shared_buffers sequentially through a small ring of buffers, so every search
  // would read its first pages from the operating system again; a TID range scan keeps them
  // cached (at 100,000 articles, 3.5 ms against 8, docs/benchmarks.md#search).
  const candidates = branch.readInOrder
    ? sql`SELECT "m".* FROM ${table(model)} AS "m" WHERE "m".ctid > '(0,0)'::tid AND "m".ctid < '(4294967295,0)'::tid
        AND coalesce(${document}, ''::tsvector) @@ ${query} ${hidden} LIMIT ${window.candidates}`
    : sql`SELECT "m".* FROM ${table(model)} AS "m" WHERE ${document} @@ ${query} ${hidden} LIMIT ${window.candidates}`;
  const ranked = sql`SELECT "c".*, ts_rank_cd(${sql.raw(searchDocument(model, language, "c"))}, ${query}) AS "searchRank"
    FROM (${candidates}) AS "c"`;
  return sql`SELECT ${branch.type}::text AS "type", "t"."id"::text AS "id", ${sql.raw(titleText(model, language, "t"))} AS "title",
    "t"."slug"::text AS "key", "t"."searchRank" AS "rank", ${sql.raw(bodyText(model, language, "t"))} AS "body"
    FROM (${bestOf(branch.type, ranked, window)}) AS "t"`;
}

/** The models a page's blocks are read through, as the page renderer reads them. */
export interface BlockModels {
  pagesToWidgets: Model;
  hostWidgets: Model;
  externalWidgets: Model;
  widgets: Model;
  /** Website-builder widgets a caller may not see. */
  hiddenWidgets: ReadonlySet<string>;
}

/**
 * Pages that match by their own title and description or by the visible texts of their blocks
 * (host pages-to-widgets → host widgets → widgets-to-external-widgets → website-builder
 * widgets): the matching blocks are found through their own index, grouped by page, in the same
 * statement. Template pages (`/blog/articles/[blog.articles.slug]`) are no address of their own,
 * and page templates (`isTemplate`, the admin's starting points for new pages) no page of the site.
 */
export function pagesWordsBranch(
  branch: Branch,
  blocks: BlockModels,
  terms: SearchTerms,
  window: PageWindow,
): RawBuilder<unknown> {
  const { model } = branch;
  const { language } = terms;
  const query = tsqueryOf(terms);
  const matchingWidgets = sql`SELECT "m".* FROM ${table(blocks.widgets)} AS "m"
    WHERE ${sql.raw(searchDocument(blocks.widgets, language, "m"))} @@ ${query} ${notHidden("m", blocks.hiddenWidgets)}
    LIMIT ${window.candidates}`;
  const blockText = sql.raw(bodyText(blocks.widgets, language, "w", () => true));
  const matchingBlocks = sql`SELECT "pw"."pageId" AS "pageId", max(ts_rank_cd(${sql.raw(searchDocument(blocks.widgets, language, "w"))}, ${query})) AS "rank",
      string_agg(${blockText}, ' — ' ORDER BY "pw"."orderIndex", "pw"."id") AS "text"
    FROM (${matchingWidgets}) AS "w"
    JOIN ${table(blocks.externalWidgets)} AS "x" ON "x"."externalWidgetId" = "w"."id" AND "x"."externalModule" = 'website-builder'
    JOIN ${table(blocks.hostWidgets)} AS "hw" ON "hw"."id" = "x"."widgetId"
    JOIN ${table(blocks.pagesToWidgets)} AS "pw" ON "pw"."widgetId" = "hw"."id"
    GROUP BY "pw"."pageId"`;
  const pageVector = (alias: string) => sql.raw(searchDocument(model, language, alias));
  const candidates = sql`SELECT "m".*, "b"."rank" AS "blockRank", "b"."text" AS "blockText"
    FROM ${table(model)} AS "m" LEFT JOIN (${matchingBlocks}) AS "b" ON "b"."pageId" = "m"."id"
    WHERE (${pageVector("m")} @@ ${query} OR "b"."pageId" IS NOT NULL) AND strpos("m"."url", '[') = 0 ${notTemplate(model)} ${notHidden("m", branch.hidden)}
    LIMIT ${window.candidates}`;
  const ranked = sql`SELECT "c".*, ts_rank_cd(${pageVector("c")}, ${query}) + coalesce("c"."blockRank", 0) AS "searchRank"
    FROM (${candidates}) AS "c"`;
  return sql`SELECT ${branch.type}::text AS "type", "t"."id"::text AS "id", ${sql.raw(titleText(model, language, "t"))} AS "title",
    "t"."url"::text AS "key", "t"."searchRank" AS "rank",
    concat_ws(' — ', ${sql.raw(bodyText(model, language, "t"))}, "t"."blockText") AS "body"
    FROM (${bestOf(branch.type, ranked, window)}) AS "t"`;
}

/**
 * The nearest known word of each query word, in order (the typo fallback): the most similar word
 * of the search's titles in the language (search_words, kept by a trigger on each published
 * table; pg_trgm's `%`, similarity 0.3 or more, through its trigram index), else the word itself.
 * A word the titles have is its own nearest.
 */
export function nearestWords(words: readonly string[], language: string): RawBuilder<{ word: string }> {
  return sql<{ word: string }>`SELECT coalesce((SELECT "w"."word" FROM "search_words" AS "w"
      WHERE "w"."language" = ${language} AND "w"."word" % "q"."word"
      ORDER BY similarity("w"."word", "q"."word") DESC, "w"."word" LIMIT 1), "q"."word") AS "word"
    FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS "q"("word", "i")
    ORDER BY "q"."i"`;
}

/**
 * How much of a result's text its snippet is cut from, and how much of it before the first word
 * found: room for a fragment of 30 words (about 200 characters) and a little context. ts_headline
 * parses all the text it is given, and that parse is most of a result's cost (about 30 µs for 320
 * characters on the server, 60 µs on PGlite), so it is given no more.
 */
const SNIPPET_WINDOW = 240;
const SNIPPET_BEFORE = 70;

/**
 * One page of results of the branches (each already its best rows after the cursor), best first,
 * with their snippets: `ts_headline` over the escaped texts, the matched words in <mark>, made for
 * the page's rows only.
 */
export function resultsPage(branches: RawBuilder<unknown>[], terms: SearchTerms, limit: number): RawBuilder<unknown> {
  const union = sql.join(branches, sql` UNION ALL `);
  const config = regconfig(terms.language);
  const query = tsqueryOf(terms);
  // ts_headline is given the part around the first word found (SNIPPET_WINDOW characters,
  // SNIPPET_BEFORE of them before it; one fragment fits): where a word's lexeme is written in the
  // text (a stem begins the words it stems from), else the text's start.
  const lexemes = sql`tsvector_to_array(to_tsvector(${config}, ${terms.words.join(" ")}::text))`;
  const found = sql`(SELECT min(nullif(strpos(lower("page"."body"), "l"), 0)) FROM unnest(${lexemes}) AS "l")`;
  // A word the cut went through, at either end of the part, is left out.
  const part = sql`CASE WHEN char_length("page"."body") <= ${SNIPPET_WINDOW} THEN "page"."body"
    ELSE regexp_replace(regexp_replace(substr("page"."body", "cut"."start", ${SNIPPET_WINDOW}),
      CASE WHEN "cut"."start" > 1 THEN '^\\S*\\s+' ELSE '^' END, ''),
      CASE WHEN "cut"."start" + ${SNIPPET_WINDOW} <= char_length("page"."body") THEN '\\s+\\S*$' ELSE '$' END, '') END`;
  return sql`SELECT "page"."type", "page"."id", "page"."title", "page"."key", "page"."rank",
      ts_headline(${config}, ${escaped(sql`"page"."title"`)}, ${query}, 'HighlightAll=true, StartSel=<mark>, StopSel=</mark>') AS "titleSnippet",
      ts_headline(${config}, ${escaped(part)}, ${query}, 'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12') AS "bodySnippet"
    FROM (SELECT * FROM (${union}) AS "r" ORDER BY "r"."rank" DESC, "r"."type", "r"."id" LIMIT ${limit}) AS "page"
    -- OFFSET 0 keeps the start a value of its own, found once, rather than its expression written into each use.
    CROSS JOIN LATERAL (SELECT greatest(1, coalesce(${found}, 1) - ${SNIPPET_BEFORE}) AS "start" OFFSET 0) AS "cut"
    ORDER BY "page"."rank" DESC, "page"."type", "page"."id"`;
}
