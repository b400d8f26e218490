import { sql } from "kysely";
import type { Database } from "../../engine/db/open-database.js";
import { INDEXED_LANGUAGES } from "../../engine/schema/languages.js";
import type { Model } from "../../engine/schema/model.js";
import { publishedTable } from "../../engine/schema/published-model.js";
import { searchColumn, textSearchConfig } from "../../engine/sql/search-vector.js";

// A GIN index answers a word with every row that has it: for a word in 85% of 100,000 articles
// it lists 85,000 rows before the first is read, though the search ranks only its candidates
// (SEARCH_CANDIDATES). Reading the table in order finds that many matches after about
// candidates / frequency rows and stops. PostgreSQL's planner would choose so by itself if its
// estimate of a prefix query's rows were right; it is not, so the search decides, from the same
// statistics the planner keeps (pg_stats: the stored document's most common lexemes and their
// frequencies, refreshed by ANALYZE and autovacuum).

/**
 * Read in order when rows × frequency × (the words' frequencies summed, the prefix's weighted) >
 * this × candidates. Reading in order costs about candidates / frequency rows (frequency: the
 * words' together); the index costs each word's list of rows (rows × its frequency) before the
 * first row is read. A row read in order (its stored document decompressed and matched) costs
 * 1–2 µs on the server, an index entry about 0.2 µs (measured on bench:search's 100,000 articles,
 * docs/benchmarks.md#search): ten is the dearer end, so near the line, where both ways cost
 * about the same, the index is kept.
 */
const IN_ORDER_FACTOR = 10;
/**
 * What an index entry of the last word, read as a prefix, costs against an exact word's: GIN
 * gathers every row of every lexeme the prefix begins into a bitmap before it merges them with
 * the other words' lists (0.47 µs an entry against 0.2 µs, measured as above).
 */
const PREFIX_WEIGHT = 2.5;
/** How long a table's statistics are used before they are read again (ANALYZE changes them). */
const STATISTICS_MS = 60_000;

interface Statistics {
  read: number;
  rows: number;
  frequencies: Map<string, number>;
  /** The common lexemes' first one, two and three letters (plain): what mayBeCommon looks a word's start up in. */
  starts: Set<string>;
}

/** ё is written е by some and stemmed to е by the Russian configuration: alike when words are compared. */
const plain = (text: string) => text.replaceAll("ё", "е");

/**
 * Whether any word begins (its first three letters) as one of the table's common lexemes does. A
 * stem keeps the start of the words it stems from, so a word that does not is rare or a stop word
 * (which the index never lists); it is taken for rare without a statement asking for its lexemes.
 * Where a stemmer did change a word's start, the index reads it: the same rows, found slower.
 */
function mayBeCommon(statistics: Statistics, words: readonly string[]): boolean {
  return words.some((word) => statistics.starts.has(plain(word).slice(0, START_LETTERS)));
}

const START_LETTERS = 3;

/** Each lexeme's first one to START_LETTERS letters, so a word's start is looked up once, not compared with every lexeme. */
function startsOf(lexemes: Iterable<string>): Set<string> {
  const starts = new Set<string>();
  for (const lexeme of lexemes) for (let n = 1; n <= START_LETTERS; n++) starts.add(plain(lexeme).slice(0, n));
  return starts;
}

/** What the search knows of how common its words are, per published table and language. */
export class CommonWords {
  private readonly statistics = new Map<string, Promise<Statistics>>();

  constructor(private readonly db: Database["db"]) {}

  /**
   * For each model, whether the query's words are common enough in its published rows that
   * reading the table in order finds `candidates` matches sooner than the index (IN_ORDER_FACTOR).
   * A word's frequency is its lexeme's (the last word's: of every lexeme it begins, as the query
   * reads it as a prefix, and its list weighs PREFIX_WEIGHT); the words' together, their product.
   * False without statistics or a stored document, for a table too small for it to matter, and
   * when no word begins as a common lexeme does (then the words' lexemes are not asked for).
   */
  async readInOrder(
    models: readonly Model[],
    words: readonly string[],
    language: string,
    candidates: number,
  ): Promise<boolean[]> {
    const none = models.map(() => false);
    if (!INDEXED_LANGUAGES.includes(language) || words.length === 0) return none;
    const statistics = await Promise.all(
      models.map((model) => this.statisticsOf(publishedTable(model), searchColumn(language))),
    );
    const large = (s: Statistics) => s.frequencies.size > 0 && s.rows >= IN_ORDER_FACTOR * candidates;
    if (!statistics.some((s) => large(s) && mayBeCommon(s, words))) return none;
    const lexemes = await this.lexemesOf(words, language);
    if (lexemes.length === 0) return none;
    return statistics.map((s) => {
      if (!large(s)) return false;
      const each = lexemes.map(({ lexeme, prefix }) => this.frequencyOf(s.frequencies, lexeme, prefix));
      const together = each.reduce((product, f) => product * f, 1);
      const listed = each.reduce((sum, f, i) => sum + f * (lexemes[i]!.prefix ? PREFIX_WEIGHT : 1), 0);
      return together * listed * s.rows > IN_ORDER_FACTOR * candidates;
    });
  }

  private frequencyOf(frequencies: Map<string, number>, lexeme: string, prefix: boolean): number {
    if (!prefix) return frequencies.get(lexeme) ?? 0;
    let sum = 0;
    for (const [element, frequency] of frequencies) if (element.startsWith(lexeme)) sum += frequency;
    return Math.min(1, sum);
  }

  /** The words' lexemes as the document's configuration makes them, the last word's read as a prefix. */
  private async lexemesOf(words: readonly string[], language: string) {
    const config = sql.raw(`'${textSearchConfig(language)}'::regconfig`);
    const { rows } = await sql<{ lexeme: string; last: boolean }>`
      SELECT "l"."lexeme", "w"."i" = ${words.length} AS "last"
      FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS "w"("word", "i")
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(${config}, "w"."word"))) AS "l"("lexeme")`.execute(
      this.db,
    );
    return rows.map((row) => ({ lexeme: row.lexeme, prefix: row.last }));
  }

  private statisticsOf(table: string, column: string): Promise<Statistics> {
    const key = `${table}.${column}`;
    const known = this.statistics.get(key);
    const now = Date.now();
    if (known) return known.then((s) => (now - s.read < STATISTICS_MS ? s : this.readStatistics(key, table, column)));
    return this.readStatistics(key, table, column);
  }

  private readStatistics(key: string, table: string, column: string): Promise<Statistics> {
    const reading = (async (): Promise<Statistics> => {
      const { rows } = await sql<{ elements: string[] | null; frequencies: number[] | null; rows: number }>`
        SELECT "s"."most_common_elems"::text::text[] AS "elements", "s"."most_common_elem_freqs" AS "frequencies",
          (SELECT "reltuples" FROM pg_class WHERE "oid" = ${table}::regclass)::float8 AS "rows"
        FROM (SELECT 1) AS "one" LEFT JOIN pg_stats AS "s"
          ON "s"."schemaname" = current_schema() AND "s"."tablename" = ${table} AND "s"."attname" = ${column}`.execute(
        this.db,
      );
      const row = rows[0];
      const frequencies = new Map<string, number>();
      (row?.elements ?? []).forEach((element, i) => frequencies.set(element, Number(row!.frequencies![i])));
      return { read: Date.now(), rows: Number(row?.rows ?? 0), frequencies, starts: startsOf(frequencies.keys()) };
    })();
    this.statistics.set(key, reading);
    // A failed read is not kept: the next search reads again.
    reading.catch(() => this.statistics.delete(key));
    return reading;
  }
}
