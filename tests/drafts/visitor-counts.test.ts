import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const CATEGORIES = "/api/blog/categories";
const LINKS = "/api/blog/categories-to-articles";

// docs/drafts.md: a visitor's read is of the published copies, and `GET …/count` is a read. A
// count with no filter (what a list's pager asks first) and the admin's `estimate=true` count go
// through the same copies as a filtered one: records never published are not counted, a relation
// row removed in the working copy only still is.
describe(`unfiltered counts on ${testDialect}`, () => {
  let t: TestApp;
  let jwt: string;
  const save = async (method: "POST" | "DELETE", url: string, data?: unknown) => {
    const answer = await t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    for (const slug of ["open-1", "open-2", "open-3"])
      await save("POST", `${CATEGORIES}?publish=true`, { slug, title: { en: slug } });
    for (const slug of ["draft-1", "draft-2"]) await save("POST", CATEGORIES, { slug, title: { en: slug } });
    // Two published links of a published article, one of them then removed in the working copy only.
    const [first, second] = (await t.request({ method: "GET", url: CATEGORIES })).body.data;
    const article = await save("POST", "/api/blog/articles?publish=true", {
      slug: "counted",
      title: { en: "Counted" },
    });
    const kept = await save("POST", `${LINKS}?publish=true`, { categoryId: first.id, articleId: article.id });
    const removed = await save("POST", `${LINKS}?publish=true`, { categoryId: second.id, articleId: article.id });
    await save("DELETE", `${LINKS}/${removed.id}`);
    expect(kept.id).not.toBe(removed.id);
    const signedUp = await t.request({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      key: null,
      payload: { login: "counter@example.com", password: "correct horse battery" },
    });
    expect(signedUp.status).toBe(201);
    jwt = signedUp.body.data.jwt;
  });
  afterAll(() => t.close());

  const callers = {
    anonymous: () => ({ key: null }),
    "a signed-in member": () => ({ key: null, headers: { authorization: `Bearer ${jwt}` } }),
    "the secret key without draft=true": () => ({}),
  } as const;
  const cases = Object.keys(callers).flatMap((caller) =>
    [
      [CATEGORIES, 3],
      [LINKS, 2],
    ].map(([url, published]) => [caller, url, published] as [keyof typeof callers, string, number]),
  );

  it.each(cases)("%s counts %s's published copies, exactly and with estimate=true", async (caller, url, published) => {
    const exact = await t.request({ method: "GET", url: `${url}/count`, ...callers[caller]() });
    expect(exact.status).toBe(200);
    expect(exact.body.data).toBe(published);
    const estimated = await t.request({ method: "GET", url: `${url}/count?estimate=true`, ...callers[caller]() });
    expect(estimated.body).toEqual({ data: published, estimated: false });
    // The list they page through agrees.
    expect((await t.request({ method: "GET", url, ...callers[caller]() })).body.data).toHaveLength(published);
  });

  it.each([
    [CATEGORIES, 5],
    [LINKS, 1],
  ])("an editor's draft=true counts %s's working copies (%i)", async (url, working) => {
    expect((await t.request({ method: "GET", url: `${url}/count?draft=true` })).body.data).toBe(working);
    expect((await t.request({ method: "GET", url: `${url}/count?draft=true&estimate=true` })).body).toEqual({
      data: working,
      estimated: false,
    });
  });
});
