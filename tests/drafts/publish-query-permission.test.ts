import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, subjectWithRole, type SignedIn } from "../rbac/helpers.js";

// `?publish=true` on a save publishes, so it needs what `POST …/{id}/publish` needs
// (docs/drafts.md, Writes): a role that may write articles but not publish them gets a 403 and
// nothing is written; a role that may also publish gets the save published.
const ARTICLES = "/api/blog/articles";

describe(`?publish=true needs the publish permission, on ${testDialect}`, () => {
  let t: TestApp;
  const sessions: Record<string, SignedIn> = {};
  const post = async (url: string, data: object) =>
    (await t.request({ method: "POST", url, payload: { data } })).body.data;

  /** A role with these permissions, and a subject holding only it. */
  const subjectWith = (uid: string, permissions: [string, string][]) => subjectWithRole(t, uid, permissions);

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    const writer: [string, string][] = [
      ["GET", `${ARTICLES}/**`],
      ["POST", ARTICLES],
      ["PATCH", `${ARTICLES}/*`],
    ];
    sessions.writer = await subjectWith("article-writer", writer);
    sessions.publisher = await subjectWith("article-publisher", [...writer, ["POST", `${ARTICLES}/*/publish`]]);
  });
  afterAll(() => t.close());

  const visitorTitle = async (id: string) => {
    const read = await t.request({ method: "GET", url: `${ARTICLES}/${id}`, key: null });
    return read.status === 200 ? read.body.data.title.en : read.status;
  };

  it.each([
    { who: "writer", create: 403, patch: 403, published: { created: 404, patched: "As published" } },
    { who: "publisher", create: 201, patch: 200, published: { created: "Made live", patched: "Changed live" } },
  ])("the $who: create $create, patch $patch", async ({ who, create, patch, published }) => {
    const caller = as(t, sessions[who]);
    const made = await caller({
      method: "POST",
      url: `${ARTICLES}?publish=true`,
      payload: { data: { slug: `made-${who}`, title: { en: "Made live" } } },
    });
    expect(made.status).toBe(create);
    const byWriter = (
      await t.request({
        method: "GET",
        url: `${ARTICLES}?draft=true&filters[and]=${encodeURIComponent(JSON.stringify([{ column: "slug", method: "eq", value: `made-${who}` }]))}`,
      })
    ).body.data;
    // A refused publish writes nothing at all, not even the working copy.
    expect(byWriter.length).toBe(create === 201 ? 1 : 0);
    if (create === 201) expect(await visitorTitle(made.body.data.id)).toBe(published.created);

    const article = await post(`${ARTICLES}?publish=true`, { slug: `patched-${who}`, title: { en: "As published" } });
    const changed = await caller({
      method: "PATCH",
      url: `${ARTICLES}/${article.id}?publish=true`,
      payload: { data: { title: { en: "Changed live" } } },
    });
    expect(changed.status).toBe(patch);
    expect(await visitorTitle(article.id)).toBe(published.patched);
    // Without publish=true the writer saves its working copy as before.
    expect(
      (
        await caller({
          method: "PATCH",
          url: `${ARTICLES}/${article.id}`,
          payload: { data: { title: { en: "Working" } } },
        })
      ).status,
    ).toBe(200);
  });
});
