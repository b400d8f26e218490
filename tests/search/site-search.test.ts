import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchIndexName } from "../../engine/sql/search-vector.js";
import { CommonWords } from "../../server/search/common-words.js";
import { wordsBranch } from "../../server/search/search-sql.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// The visitors' search, GET /api/search (docs/search.md), on the database of this run: the same
// cases in English and Russian, over records written through the API (saves publish at once
// here) and the demo content.

const doc = (text: string) =>
  JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

interface Hit {
  type: string;
  id: string;
  title: string;
  url: string;
  snippet: string;
  rank: number;
}

const LANGUAGES = [
  {
    language: "en",
    prefix: "",
    // Stemming: the plural finds the singular.
    lamp: { title: "Quokka lamp", body: "A lamp shaped like a quokka" },
    stemmed: "lamps",
    typed: "quok",
    typo: { query: "ceramc mug", corrected: "ceramic mug", title: "Ceramic mug" },
    // A word of a title published during the test, misspelt.
    newWord: { title: "Quetzal feather pen", misspelt: "quetzel", corrected: "quetzal" },
    weighted: { word: "zephyr", title: "Zephyr scarf", body: "Light as a zephyr" },
    block: { text: "Xylophone workshop on Sundays", query: "xylophones" },
    edited: "wombat",
  },
  {
    language: "ru",
    prefix: "/ru",
    lamp: { title: "Лампа квокка", body: "Лампа в виде квокки" },
    stemmed: "лампы",
    typed: "квок",
    typo: { query: "керамичская кружка", corrected: "керамическая кружка", title: "Керамическая кружка" },
    newWord: { title: "Перо кетцаля", misspelt: "кецаля", corrected: "кетцаля" },
    weighted: { word: "зефир", title: "Шарф зефир", body: "Лёгкий, как зефир" },
    block: { text: "Мастерская ксилофонов по воскресеньям", query: "ксилофон" },
    edited: "вомбат",
  },
] as const;

describe(`GET /api/search on ${testDialect}`, () => {
  let t: TestApp;
  const search = async (query: Record<string, string>) => {
    const answer = await t.request({ method: "GET", url: `/api/search?${new URLSearchParams(query)}`, key: null });
    return answer as { status: number; body: { data: Hit[]; next: string | null; suggestion?: string } };
  };
  const found = async (query: Record<string, string>) => {
    const answer = await search(query);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const product = (data: Record<string, unknown>) => createRecord(t, "/api/ecommerce/products", data);

  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true });
    for (const l of LANGUAGES) {
      await product({
        slug: `lamp-${l.language}`,
        title: { [l.language]: l.lamp.title },
        description: { [l.language]: doc(l.lamp.body) },
      });
      await product({ slug: `scarf-${l.language}`, title: { [l.language]: l.weighted.title } });
      await product({
        slug: `shawl-${l.language}`,
        title: { [l.language]: l.language === "en" ? "Woollen shawl" : "Шерстяной платок" },
        description: { [l.language]: doc(l.weighted.body) },
      });
    }
  });
  afterAll(() => t?.close());

  describe.each(LANGUAGES)("in $language", (l) => {
    it("finds word forms by stemming and an unfinished last word as a prefix, at the address in the language", async () => {
      for (const q of [l.stemmed, l.typed]) {
        const hits = await found({ q, language: l.language });
        expect(
          hits.map((h) => h.url),
          q,
        ).toContain(`${l.prefix}/ecommerce/products/lamp-${l.language}`);
        const lamp = hits.find((h) => h.url.endsWith(`lamp-${l.language}`))!;
        expect(lamp).toMatchObject({ type: "ecommerce.products", title: l.lamp.title });
        expect(lamp.snippet).toContain("<mark>");
      }
    });

    it("searches a mistyped query as its nearest title words, and says so", async () => {
      const answer = await search({ q: l.typo.query, language: l.language });
      expect(answer.status).toBe(200);
      expect(answer.body.suggestion).toBe(l.typo.corrected);
      expect(answer.body.data[0]).toMatchObject({
        title: l.typo.title,
        url: `${l.prefix}/ecommerce/products/ceramic-mug`,
      });
      expect(answer.body.data[0]!.snippet).toContain("<mark>");
      // A query that finds something as typed is not corrected.
      expect((await search({ q: l.typo.title, language: l.language })).body.suggestion).toBeUndefined();
    });

    it("knows a just-published title's words at the very next search", async () => {
      expect((await search({ q: l.newWord.misspelt, language: l.language })).body.data).toEqual([]);
      await product({ slug: `quetzal-${l.language}`, title: { [l.language]: l.newWord.title } });
      const answer = await search({ q: l.newWord.misspelt, language: l.language });
      expect(answer.body.suggestion).toBe(l.newWord.corrected);
      expect(answer.body.data.map((h) => h.url)).toEqual([`${l.prefix}/ecommerce/products/quetzal-${l.language}`]);
    });

    it("ranks a title match above a body match", async () => {
      const hits = await found({ q: l.weighted.word, language: l.language, types: "ecommerce.products" });
      expect(hits.map((h) => h.url)).toEqual([
        `${l.prefix}/ecommerce/products/scarf-${l.language}`,
        `${l.prefix}/ecommerce/products/shawl-${l.language}`,
      ]);
      expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank);
    });

    it("finds a page by the text of one of its blocks", async () => {
      const widget = await createRecord(t, "/api/website-builder/widgets", {
        slug: `block-${l.language}`,
        title: { [l.language]: l.block.text },
      });
      const slot = await createRecord(t, "/api/host/widgets", { slug: `slot-${l.language}` });
      await createRecord(t, "/api/host/widgets-to-external-widgets", {
        widgetId: slot.id,
        externalModule: "website-builder",
        externalWidgetId: widget.id,
      });
      const page = await createRecord(t, "/api/host/pages", {
        url: `/workshop-${l.language}`,
        title: { [l.language]: l.language === "en" ? "Workshops" : "Мастерские" },
      });
      expect(await found({ q: l.block.query, language: l.language })).toEqual([]);
      await createRecord(t, "/api/host/pages-to-widgets", { pageId: page.id, widgetId: slot.id });
      const hits = await found({ q: l.block.query, language: l.language });
      expect(hits.map((h) => [h.type, h.id, h.url])).toEqual([
        ["host.pages", page.id, `${l.prefix}/workshop-${l.language}`],
      ]);
      expect(hits[0]!.snippet).toMatch(/<mark>/);
    });

    it("finds an edit with the very next request, and a deleted record no more", async () => {
      const record = await product({ slug: `edited-${l.language}`, title: { [l.language]: "Plain" } });
      expect(await found({ q: l.edited, language: l.language })).toEqual([]);
      const patched = await t.request({
        method: "PATCH",
        url: `/api/ecommerce/products/${record.id}`,
        payload: { data: { title: { [l.language]: `Plain ${l.edited}` } } },
      });
      expect(patched.status).toBe(200);
      expect((await found({ q: l.edited, language: l.language })).map((h) => h.id)).toEqual([record.id]);
      expect((await t.request({ method: "DELETE", url: `/api/ecommerce/products/${record.id}` })).status).toBe(200);
      expect(await found({ q: l.edited, language: l.language })).toEqual([]);
    });
  });

  it("escapes everything in a snippet but its <mark>s", async () => {
    await product({ slug: "script-title", title: { en: "<script>alert(1)</script> Okapi & co" } });
    const [hit] = await found({ q: "okapi" });
    expect(hit!.title).toBe("<script>alert(1)</script> Okapi & co");
    expect(hit!.snippet).toContain("<mark>Okapi</mark>");
    expect(hit!.snippet).toContain("&amp;");
    expect(hit!.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    // Nothing of tsquery's syntax reaches the database from the query.
    for (const q of ["okapi:*", "okapi & !co", "'okapi'", "(okapi) | x", "okapi\\"])
      expect((await search({ q })).status, q).toBe(200);
  });

  it("pages through results with the cursor: each record once, next null at the end", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await product({ slug: `paging-${i}`, title: { en: `Pangolin ${i}` } })).id);
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < 5 && after !== null; page++) {
      const answer = await search({ q: "pangolin", limit: "2", ...(after ? { after } : {}) });
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.map((h) => h.id));
      after = answer.body.next;
    }
    expect(after).toBeNull();
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it.each(["en", "ru"])(
    "reads the %s full-text index of the published copy (the query's expression is the index's)",
    async (language) => {
      const model = t.app.registry.get("ecommerce/products");
      const branch = wordsBranch(
        { type: "ecommerce.products", model, hidden: new Set() },
        { words: ["mug"], tsquery: "'mug':*", language },
        { limit: 21, candidates: 1000 },
      );
      const plan = await t.database.db.transaction().execute(async (trx) => {
        // With sequential scans priced out, any index that fits the condition is taken.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return (await sql<{ "QUERY PLAN": string }>`EXPLAIN ${branch}`.execute(trx)).rows.map((r) => r["QUERY PLAN"]);
      });
      expect(plan.join("\n")).toContain(searchIndexName(model.published!, language));
    },
  );

  it("never finds members-only content for a visitor", async () => {
    // The demo's members' notes: a widget only the article → widget link (which visitors may not read) reaches.
    expect(await found({ q: "shared carts", types: "host.pages,blog.articles" })).toEqual([]);
  });

  it.each([
    ["no query", {}],
    ["an empty query", { q: "" }],
    ["spaces only", { q: "   " }],
    ["a query over 200 characters", { q: "a".repeat(201) }],
    ["an unknown type", { q: "mug", types: "blog.articles,crm.forms" }],
    ["a limit of 0", { q: "mug", limit: "0" }],
    ["a limit over 50", { q: "mug", limit: "51" }],
    ["a cursor that is not one", { q: "mug", after: "not-a-cursor" }],
    ["a language the site does not have", { q: "mug", language: "de" }],
  ])("answers %s with the API's 400", async (_case, query) => {
    const answer = await t.request({ method: "GET", url: `/api/search?${new URLSearchParams(query)}`, key: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
  });
});

describe(`GET /api/search with drafts, on ${testDialect}`, () => {
  let t: TestApp;
  const visitorFinds = async (q: string) => {
    const answer = await t.request({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}`, key: null });
    expect(answer.status).toBe(200);
    return answer.body.data.map((h: Hit) => h.id);
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true, searchRateLimit: 1000 });
  });
  afterAll(() => t?.close());

  it("finds an article once published, and never its unpublished edits", async () => {
    const article = await createRecord(t, "/api/blog/articles", { slug: "narwhal", title: { en: "Narwhal notes" } });
    expect(await visitorFinds("narwhal")).toEqual([]);
    expect((await t.request({ method: "POST", url: `/api/blog/articles/${article.id}/publish` })).status).toBe(200);
    expect(await visitorFinds("narwhal")).toEqual([article.id]);
    const edited = await t.request({
      method: "PATCH",
      url: `/api/blog/articles/${article.id}`,
      payload: { data: { title: { en: "Narwhal and capybara notes" } } },
    });
    expect(edited.status).toBe(200);
    expect(await visitorFinds("capybara")).toEqual([]);
    expect(await visitorFinds("narwhal")).toEqual([article.id]);
  });
});

describe(`GET /api/search's rate limit, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ searchRateLimit: 2 });
  });
  afterAll(() => t?.close());

  it("answers 429 past SEARCH_RATE_LIMIT requests a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.request({ method: "GET", url: "/api/search?q=mug", key: null })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe(`GET /api/search with SEARCH_CANDIDATES, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ searchCandidates: 3 });
    for (let i = 0; i < 5; i++)
      await createRecord(t, "/api/ecommerce/products", { slug: `okapi-${i}`, title: { en: `Okapi ${i}` } });
  });
  afterAll(() => t?.close());

  const pages = async (limit: number) => {
    const sizes: number[] = [];
    let after: string | null = null;
    do {
      const query = new URLSearchParams({ q: "okapi", types: "ecommerce.products", limit: String(limit) });
      if (after) query.set("after", after);
      const answer = await t.request({ method: "GET", url: `/api/search?${query}`, key: null });
      expect(answer.status).toBe(200);
      sizes.push(answer.body.data.length);
      after = answer.body.next;
    } while (after && sizes.length < 5);
    return sizes;
  };

  it.each([
    ["one page", 10, [3]],
    ["pages of two", 2, [2, 1]],
  ])("ranks only that many matches of a type, in %s", async (_case, limit, sizes) => {
    expect(await pages(limit)).toEqual(sizes);
  });

  it.each([
    // In every product: reading the table in order finds three at its start.
    ["a word in every product", "okapi", "in order"],
    // In one: the index finds it.
    ["a word in one product", "gerenuk", "by the index"],
    // In 37 of 81: read as a prefix, GIN's list of it costs 2.5 times an exact word's, so in order.
    ["a word in nearly half the products, as a prefix", "dikdik", "in order"],
  ])("with the table's statistics, finds %s (%s) %s", async (_case, word, way) => {
    if (!(await t.request({ method: "GET", url: "/api/search?q=gerenuk", key: null })).body.data.length) {
      for (let i = 5; i < 80; i++)
        await createRecord(t, "/api/ecommerce/products", {
          slug: `okapi-${i}`,
          title: { en: `Okapi ${i}${i % 2 === 0 ? " dikdik" : ""}` },
        });
      await createRecord(t, "/api/ecommerce/products", { slug: "gerenuk", title: { en: "Okapi and gerenuk" } });
      await sql`ANALYZE ecommerce_products__published`.execute(t.database.db);
    }
    const model = t.app.registry.get("ecommerce/products");
    const [readInOrder] = await new CommonWords(t.database.db).readInOrder([model], [word], "en", 3);
    expect(readInOrder).toBe(way === "in order");
    const branch = wordsBranch(
      { type: "ecommerce.products", model, hidden: new Set(), readInOrder: readInOrder! },
      { words: [word], tsquery: `'${word}':*`, language: "en" },
      { limit: 2, candidates: 3 },
    );
    const plan = await t.database.db.transaction().execute(async (trx) => {
      // So small a table is scanned whatever the way: with sequential scans off, reading in order is
      // the TID range scan large tables get, and the index the only other way.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const explained = await sql<{ "QUERY PLAN": string }>`EXPLAIN (ANALYZE, COSTS off) ${branch}`.execute(trx);
      return explained.rows.map((r) => r["QUERY PLAN"]);
    });
    const ran = (node: RegExp) => plan.some((line) => node.test(line) && !line.includes("never executed"));
    const inOrder = ran(/Tid Range Scan on ecommerce_products__published/);
    const byIndex = ran(/Bitmap Index Scan on ecommerce_products__published_search_en_fts/);
    expect({ inOrder, byIndex }).toEqual({ inOrder: way === "in order", byIndex: way === "by the index" });
    expect(
      (await t.request({ method: "GET", url: `/api/search?q=${word}`, key: null })).body.data.length,
    ).toBeGreaterThan(0);
  });
});

describe(`GET /api/search's snippets, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("marks a word found far into a long text", async () => {
    const filler = "Plain words about clay and the kiln fill this paragraph again. ".repeat(80);
    await createRecord(t, "/api/ecommerce/products", {
      slug: "long-text",
      title: { en: "Long text" },
      description: { en: doc(`${filler}Only here a pangolin appears. ${filler}`) },
    });
    const answer = await t.request({ method: "GET", url: "/api/search?q=pangolin", key: null });
    const snippet: string = answer.body.data[0].snippet;
    expect(snippet).toContain("<mark>pangolin</mark>");
    expect(snippet.length).toBeLessThan(400);
  });

  it("shows whole words only from a text it cut inside a word", async () => {
    // The word near the text's end: the snippet reaches back to the start of the part it is cut
    // from, which falls inside a word, and long words make that part few words.
    const filler = "Extraordinarily comprehensive documentation accompanies handcrafted earthenware vessels. ".repeat(
      40,
    );
    const text = `${filler}Finally an aardvark.`;
    await createRecord(t, "/api/ecommerce/products", {
      slug: "long-words",
      title: { en: "Long words" },
      description: { en: doc(text) },
    });
    const answer = await t.request({ method: "GET", url: "/api/search?q=aardvark", key: null });
    const snippet: string = answer.body.data[0].snippet;
    expect(snippet).toContain("<mark>aardvark</mark>");
    const written = new Set(text.split(/\s+/));
    const shown = snippet
      .replace(/<\/?mark>/g, "")
      .split(/\s+/)
      .filter(Boolean);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.filter((word) => !written.has(word))).toEqual([]);
  });
});
