import { sql, type RawBuilder } from "kysely";
import { fieldTypeOf } from "../../engine/schema/field-types/index.js";
import { DEFAULT_LANGUAGE } from "../../engine/schema/languages.js";
import type { Field, Model } from "../../engine/schema/model.js";
import { publishedTable } from "../../engine/schema/published-model.js";
import { quote } from "../../engine/sql/identifiers.js";
import { PAGES } from "./search-types.js";
import {
  fieldText,
  richTextShown,
  searchVector,
  textSearchConfig,
  weightedFields,
} from "../../engine/sql/search-vector.js";

// The statements of the site search (docs/search.md), over the published copies visitors read.
// The full-text condition is `searchVector(…) @@ query`: the very expression the index is built
// on (engine/sql/search-vector.ts), so PostgreSQL reads the index rather than every row.

/** What one search reads: the query's words as tsquery text, the text as typed, the language. */
export interface SearchTerms {
  tsquery: string;
  text: string;
  language: string;
}

/** One branch of the search: the rows of one type, each with its title, key, rank and body text. */
export interface Branch {
  type: string;
  model: Model;
  /** Rows of the model a caller may not see (members-only), never found. */
  hidden: ReadonlySet<string>;
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

/** The title expression the trigram index is built on (x-search), for the typo fallback. */
const trigramTitle = (model: Model, language: string, alias: string) => {
  const field = titleField(model);
  return fieldTypeOf(field.kind).textIn!(`${quote(alias)}.${quote(field.name)}`, language);
};

const notHidden = (alias: string, hidden: ReadonlySet<string>) =>
  hidden.size === 0
    ? sql``
    : sql`AND ${sql.raw(quote(alias))}."id" NOT IN (${sql.join([...hidden].map((id) => sql`${id}`))})`;

const table = (model: Model) => sql.raw(quote(publishedTable(model)));

/**
 * A record type's rows that match the words: ranked by ts_rank_cd over the weighted document (an
 * A field counts five times a C field), `key` its slug.
 */
export function wordsBranch(branch: Branch, terms: SearchTerms): RawBuilder<unknown> {
  const { model, language } = { model: branch.model, language: terms.language };
  const vector = sql.raw(searchVector(model, language, "t")!);
  const query = tsqueryOf(terms);
  return sql`SELECT ${branch.type}::text AS "type", "t"."id"::text AS "id", ${sql.raw(titleText(model, language, "t"))} AS "title",
    "t"."slug"::text AS "key", ts_rank_cd(${vector}, ${query}) AS "rank", ${sql.raw(bodyText(model, language, "t"))} AS "body"
    FROM ${table(model)} AS "t"
    WHERE ${vector} @@ ${query} ${notHidden("t", branch.hidden)}`;
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
 * statement. Template pages (`/blog/articles/[blog.articles.slug]`) are no address of their own.
 */
export function pagesWordsBranch(branch: Branch, blocks: BlockModels, terms: SearchTerms): RawBuilder<unknown> {
  const { model } = branch;
  const { language } = terms;
  const pageVector = sql.raw(searchVector(model, language, "p")!);
  const blockVector = sql.raw(searchVector(blocks.widgets, language, "w")!);
  const query = tsqueryOf(terms);
  const blockText = sql.raw(bodyText(blocks.widgets, language, "w", () => true));
  const matchingBlocks = sql`SELECT "pw"."pageId" AS "pageId", max(ts_rank_cd(${blockVector}, ${query})) AS "rank",
      string_agg(${blockText}, ' — ' ORDER BY "pw"."orderIndex", "pw"."id") AS "text"
    FROM ${table(blocks.widgets)} AS "w"
    JOIN ${table(blocks.externalWidgets)} AS "x" ON "x"."externalWidgetId" = "w"."id" AND "x"."externalModule" = 'website-builder'
    JOIN ${table(blocks.hostWidgets)} AS "hw" ON "hw"."id" = "x"."widgetId"
    JOIN ${table(blocks.pagesToWidgets)} AS "pw" ON "pw"."widgetId" = "hw"."id"
    WHERE ${blockVector} @@ ${query} ${notHidden("w", blocks.hiddenWidgets)}
    GROUP BY "pw"."pageId"`;
  return sql`SELECT ${branch.type}::text AS "type", "p"."id"::text AS "id", ${sql.raw(titleText(model, language, "p"))} AS "title",
    "p"."url"::text AS "key", ts_rank_cd(${pageVector}, ${query}) + coalesce("b"."rank", 0) AS "rank",
    concat_ws(' — ', ${sql.raw(bodyText(model, language, "p"))}, "b"."text") AS "body"
    FROM ${table(model)} AS "p" LEFT JOIN (${matchingBlocks}) AS "b" ON "b"."pageId" = "p"."id"
    WHERE (${pageVector} @@ ${query} OR "b"."pageId" IS NOT NULL) AND strpos("p"."url", '[') = 0 ${notHidden("p", branch.hidden)}`;
}

/**
 * The typo fallback, for a query whose words match nothing: titles in the language that look like
 * the text (pg_trgm: similar as a whole, `%`, or like a part of the title, `<%`), through the
 * title's trigram index, ranked by how similar.
 */
export function typoBranch(branch: Branch, terms: SearchTerms): RawBuilder<unknown> {
  const { model } = branch;
  const { language, text } = terms;
  const title = sql.raw(trigramTitle(model, language, "t"));
  const pages = branch.type === PAGES;
  const key = sql.raw(pages ? `"t"."url"::text` : `"t"."slug"::text`);
  const noTemplates = pages ? sql`AND strpos("t"."url", '[') = 0` : sql``;
  return sql`SELECT ${branch.type}::text AS "type", "t"."id"::text AS "id", ${sql.raw(titleText(model, language, "t"))} AS "title",
    ${key} AS "key", greatest(similarity(${title}, ${text}::text), word_similarity(${text}::text, ${title})) AS "rank",
    ${sql.raw(bodyText(model, language, "t"))} AS "body"
    FROM ${table(model)} AS "t"
    WHERE (${title} % ${text}::text OR ${text}::text <% ${title}) ${noTemplates} ${notHidden("t", branch.hidden)}`;
}

/** Where the next page starts: after the last result of the order rank (best first), type, id. */
export interface After {
  rank: number;
  type: string;
  id: string;
}

/**
 * One page of results of the branches, best first, with their snippets: `ts_headline` over the
 * escaped texts, the matched words in <mark>, made for the page's rows only.
 */
export function resultsPage(
  branches: RawBuilder<unknown>[],
  terms: SearchTerms,
  limit: number,
  after?: After,
): RawBuilder<unknown> {
  const union = sql.join(branches, sql` UNION ALL `);
  const rank = (value: number) => sql`${value}::real`;
  const afterCondition = after
    ? sql`WHERE "r"."rank" < ${rank(after.rank)} OR ("r"."rank" = ${rank(after.rank)} AND ("r"."type" > ${after.type} OR ("r"."type" = ${after.type} AND "r"."id" > ${after.id})))`
    : sql``;
  const config = regconfig(terms.language);
  const query = tsqueryOf(terms);
  return sql`SELECT "page"."type", "page"."id", "page"."title", "page"."key", "page"."rank",
      ts_headline(${config}, ${escaped(sql`"page"."title"`)}, ${query}, 'HighlightAll=true, StartSel=<mark>, StopSel=</mark>') AS "titleSnippet",
      ts_headline(${config}, ${escaped(sql`"page"."body"`)}, ${query}, 'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "') AS "bodySnippet"
    FROM (SELECT * FROM (${union}) AS "r" ${afterCondition}
      ORDER BY "r"."rank" DESC, "r"."type", "r"."id" LIMIT ${limit}) AS "page"
    ORDER BY "page"."rank" DESC, "page"."type", "page"."id"`;
}
