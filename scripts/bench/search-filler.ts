import { sql } from "kysely";
import type { Database } from "../../engine/db/open-database.js";

// The blog bench:search measures: published articles whose titles, subtitles and rich-text bodies
// (tiptap documents, as the editor stores them) in en and ru are drawn from a word list, the
// more frequent words first (weight 1/rank, as word frequencies fall in real texts), so the same
// stems repeat across articles as in a blog about one subject: bench:search's common words are in
// 85–95% of them, its two-word queries in 9–18%. Russian words come in several case forms, which
// stemming must bring together. One
// article in RARE_EVERY also has the rare word. Written by PostgreSQL itself (INSERT … SELECT
// generate_series, seeded random()), in chunks, with the tables' GIN indexes built after the
// rows, as a bulk load does.

const EN = `the and of a to in with for is on clay glaze kiln mug bowl cup plate vase handle glazed wheel studio
  firing porcelain stoneware blue white green warm kitchen table morning coffee tea shelf shape hand surface
  colour texture craft thrown small large simple pour rim foot layer ash iron oxide matte gloss crackle slip
  pottery workshop season garden window light water fire stone sand wood linen set gift daily durable
  washable oven microwave pattern stripe spot speckle earthy smooth rough sturdy delicate glazes mugs bowls`;
const RU = `и в на с не для по из как это глина глины глиной кружка кружки кружку кружкой чашка чашки чашку
  глазурь глазури глазурью печь печи обжиг обжига керамика керамики керамическая керамический фарфор
  фарфоровая миска миски тарелка тарелки ваза вазы ручка ручки круг гончарный мастерская мастерской утро
  кофе чай полка форма формы рука руки поверхность цвет цвета синяя синий белая белый зелёная тёплая кухня
  кухни стол стола сад окно свет вода огонь камень песок дерево лён набор подарок крупный круглая прочная
  матовая глянцевая узор полоска пятно шероховатая гладкая`;
export const RARE = { en: "obsidian", ru: "обсидиан" } as const;
export const RARE_EVERY = 1000;

/** A word list as an array literal, each word repeated by its weight (1/rank), for uniform draws. */
function weighted(list: string): string[] {
  const words = list.split(/\s+/).filter(Boolean);
  return words.flatMap((word, rank) => Array<string>(Math.ceil(words.length / (rank + 1))).fill(word));
}
const WORDS = { en: weighted(EN), ru: weighted(RU) };

/** Article texts' lengths in words: a title, a subtitle, and the body's paragraphs. */
export const SIZES = { title: 6, subtitle: 10, paragraphs: 4, paragraph: 45 };
const CHUNK = 20_000;

/** The same texts in JavaScript, for the articles bench:search creates through the API. */
export function articleTexts(language: "en" | "ru", seed: number, paragraphCount = SIZES.paragraphs) {
  let state = seed;
  const words = WORDS[language];
  const next = () => words[(state = (state * 48_271) % 2_147_483_647) % words.length]!;
  const line = (n: number) => Array.from({ length: n }, next).join(" ");
  const paragraphs = Array.from({ length: paragraphCount }, () => ({
    type: "paragraph",
    content: [{ type: "text", text: line(SIZES.paragraph) }],
  }));
  return {
    title: line(SIZES.title),
    subtitle: line(SIZES.subtitle),
    description: JSON.stringify({ type: "doc", content: paragraphs }),
  };
}

/** `n` words drawn from the list (a subquery correlated with the row, so each row gets its own). */
const drawn = (language: "en" | "ru", n: number) =>
  sql`(SELECT string_agg((${sql.lit(`{${WORDS[language].join(",")}}`)}::text[])[1 + floor(random() * ${WORDS[language].length})::int], ' ')
       FROM generate_series(1, ${n}::int + 0 * i))`;

/** A tiptap document of the body's paragraphs, written as JSON.stringify writes it (the search tells a document by its start). */
const body = (language: "en" | "ru") =>
  sql`(SELECT '{"type":"doc","content":[' || string_agg('{"type":"paragraph","content":[{"type":"text","text":' ||
         to_json(${drawn(language, SIZES.paragraph)} || CASE WHEN p = 1 AND i % ${RARE_EVERY} = 1 THEN ${` ${RARE[language]}`}::text ELSE '' END)::text || '}]}', ',') || ']}'
       FROM generate_series(1, ${SIZES.paragraphs}::int + 0 * i) AS p)`;

/** Writes `count` articles into blog_articles and their published copies (slugs article-1 …). */
export async function fillArticles(database: Database, count: number, progress?: (done: number) => void) {
  const db = database.db;
  const tables = ["blog_articles", "blog_articles__published"];
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN (${sql.join(tables)}) AND indexdef LIKE '%USING gin%'`.execute(
    db,
  );
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  const { rows: columns } = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'blog_articles' ORDER BY ordinal_position`.execute(db);
  const list = sql.join(columns.map((c) => sql.id(c.name)));
  for (let start = 1; start <= count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK - 1);
    await db.transaction().execute(async (trx) => {
      // Seeded per chunk, on the transaction's connection: the same articles at every run.
      await sql`SELECT setseed(${start / (count + 1)})`.execute(trx);
      await sql`INSERT INTO blog_articles (id, "createdAt", "updatedAt", "adminTitle", slug, title, subtitle, description)
        SELECT md5('article' || i)::uuid, ts, ts, 'Article ' || i, 'article-' || i,
          jsonb_build_object('en', initcap(${drawn("en", SIZES.title)}), 'ru', initcap(${drawn("ru", SIZES.title)})),
          jsonb_build_object('en', ${drawn("en", SIZES.subtitle)}, 'ru', ${drawn("ru", SIZES.subtitle)}),
          jsonb_build_object('en', ${body("en")}, 'ru', ${body("ru")})
        FROM generate_series(${start}::int, ${end}::int) AS i,
          LATERAL (SELECT timestamptz '2024-01-01' + i * interval '1 minute' AS ts) AS t`.execute(trx);
      await sql`INSERT INTO blog_articles__published (${list}) SELECT ${list} FROM blog_articles
        WHERE id IN (SELECT md5('article' || i)::uuid FROM generate_series(${start}::int, ${end}::int) AS i)`.execute(
        trx,
      );
    });
    progress?.(end);
  }
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  for (const table of tables) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
}
