// docs/api.md, "Running the original frontend": the original admin's writes expect to be live at
// once, so that frontend needs DRAFTS=off. Shown with its own write calls (a multipart `data`
// part, its query string, a signed-in admin's bearer): with DRAFTS=off an anonymous reader sees
// each write at once; with drafts on (the default) it sees none until a publish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, signIn, type SignedIn } from "../rbac/helpers.js";
import { clientUrl, filters, formData } from "./original-client-sdk.js";

const ARTICLES = "/api/blog/articles";
type Row = Record<string, any>;

interface Write {
  name: string;
  /** Makes what the write changes (as the secret key, published), if anything. */
  prepare?: (w: Writer) => Promise<Row[]>;
  method: "POST" | "PATCH";
  path: (rows: Row[]) => string;
  data: (rows: Row[], tag: string) => unknown;
  /** The ids written and the English titles they now have. */
  written: (answer: any, rows: Row[], tag: string) => { id: string; title: string }[];
}

interface Writer {
  publishedArticle(tag: string): Promise<Row>;
}

const WRITES: Write[] = [
  {
    name: "POST create",
    method: "POST",
    path: () => ARTICLES,
    data: (_rows, tag) => ({ slug: `made-${tag}`, title: { en: `Made ${tag}` } }),
    written: (answer, _rows, tag) => [{ id: answer.data.id, title: `Made ${tag}` }],
  },
  {
    name: "PATCH {id}",
    prepare: async (w) => [await w.publishedArticle("patched")],
    method: "PATCH",
    path: ([row]) => `${ARTICLES}/${row!.id}`,
    data: (_rows, tag) => ({ title: { en: `Renamed ${tag}` } }),
    written: (_answer, [row], tag) => [{ id: row!.id, title: `Renamed ${tag}` }],
  },
  {
    name: "POST find-or-create",
    method: "POST",
    path: () => `${ARTICLES}/find-or-create`,
    data: (_rows, tag) => ({ slug: `found-${tag}`, title: { en: `Found ${tag}` } }),
    written: (answer, _rows, tag) => [{ id: answer.data.id, title: `Found ${tag}` }],
  },
  {
    name: "POST bulk",
    method: "POST",
    path: () => `${ARTICLES}/bulk`,
    data: (_rows, tag) => [1, 2].map((n) => ({ slug: `bulk-${n}-${tag}`, title: { en: `Bulk ${n} ${tag}` } })),
    written: (answer, _rows, tag) =>
      answer.data.map((row: Row, n: number) => ({ id: row.id, title: `Bulk ${n + 1} ${tag}` })),
  },
  {
    name: "PATCH bulk",
    prepare: async (w) => [await w.publishedArticle("bulk-a"), await w.publishedArticle("bulk-b")],
    method: "PATCH",
    path: () => `${ARTICLES}/bulk`,
    data: (rows, tag) => rows.map((row, n) => ({ id: row.id, title: { en: `Bulk renamed ${n} ${tag}` } })),
    written: (_answer, rows, tag) =>
      rows.map((row, n) => ({ id: row.id as string, title: `Bulk renamed ${n} ${tag}` })),
  },
];

describe.each([
  ["DRAFTS=off", false, true],
  ["drafts on", true, false],
])(`the original admin's writes with %s (${testDialect})`, (_setting, drafts, liveAtOnce) => {
  let t: TestApp;
  let admin: SignedIn;
  let count = 0;
  const writer: Writer = {
    async publishedArticle(tag: string) {
      const slug = `${tag}-${++count}`;
      const made = await t.request({
        method: "POST",
        url: ARTICLES,
        payload: { data: { slug, title: { en: `Before ${slug}` } } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      if (drafts)
        expect((await t.request({ method: "POST", url: `${ARTICLES}/${made.body.data.id}/publish` })).status).toBe(200);
      return made.body.data;
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts, adminEmail: "admin@example.com", adminPassword: "admin password" });
    admin = await signIn(t, "admin@example.com", "admin password");
  });
  afterAll(() => t?.close());

  /** What an anonymous visitor reads: the record by id, and the list filtered by id. */
  const anonymousTitle = async (id: string) => {
    const one = await t.request({ method: "GET", url: `${ARTICLES}/${id}`, key: null });
    const listed = await t.request({
      method: "GET",
      url: clientUrl(ARTICLES, filters({ column: "id", method: "eq", value: id })),
      key: null,
    });
    expect(listed.status).toBe(200);
    return {
      one: one.status === 200 ? one.body.data.title?.en : one.status,
      listed: listed.body.data.map((r: Row) => r.title?.en),
    };
  };

  it.each(WRITES.map((w) => [w.name, w] as const))(
    `%s ${liveAtOnce ? "is" : "is not"} what an anonymous reader gets at once`,
    async (_name, write) => {
      const tag = `${write.name.replace(/\W+/g, "-")}-${drafts ? "on" : "off"}`;
      const rows = (await write.prepare?.(writer)) ?? [];
      const before = await Promise.all(rows.map((row) => anonymousTitle(row.id)));
      const form = await formData(write.data(rows, tag));
      const answer = await t.request({
        method: write.method,
        url: clientUrl(write.path(rows)),
        key: null,
        headers: { ...bearer(admin.jwt), "content-type": form.contentType },
        payload: form.payload,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(write.method === "POST" ? 201 : 200);
      const written = write.written(answer.body, rows, tag);
      for (const [n, { id, title }] of written.entries()) {
        const seen = await anonymousTitle(id);
        if (liveAtOnce) expect(seen).toEqual({ one: title, listed: [title] });
        // Drafts on: a new record is no one's to read, a changed one reads as it was published.
        else expect(seen).toEqual(rows.length ? before[n] : { one: 404, listed: [] });
      }
      if (!liveAtOnce) {
        // The writes were kept: a publish puts them live.
        for (const { id, title } of written) {
          expect((await t.request({ method: "POST", url: `${ARTICLES}/${id}/publish` })).status).toBe(200);
          expect(await anonymousTitle(id)).toEqual({ one: title, listed: [title] });
        }
      }
    },
  );
});
