import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// Concurrent edits (docs/drafts.md): a GET answers an ETag; a PATCH or DELETE whose If-Match names a state the
// record has left answers 412 with the current record, so two editors never overwrite each other.
describe(`concurrent edits (ETag / If-Match) on ${testDialect}`, () => {
  let t: TestApp;
  const get = (url: string) =>
    t.app.inject({ method: "GET", url, headers: { "x-rbac-secret-key": "test-secret-key" } });
  const patch = (url: string, data: unknown, ifMatch?: string) =>
    t.request({ method: "PATCH", url, payload: { data }, ...(ifMatch ? { headers: { "if-match": ifMatch } } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("answers 412 with the current working record to a PATCH with a stale If-Match, and saves with a current one", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { title: { en: "Start" } } },
    });
    const url = `/api/blog/articles/${created.body.data.id}`;
    const read = await get(`${url}?draft=true`);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    // Editor A saves with the state read: allowed, and a new ETag comes back.
    const first = await t.app.inject({
      method: "PATCH",
      url,
      headers: { "x-rbac-secret-key": "test-secret-key", "if-match": etag },
      payload: { data: { title: { en: "By A" } } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect(first.headers.etag).not.toBe(etag);

    // Editor B still holds the old state: refused, with what A saved.
    const second = await patch(url, { title: { en: "By B" } }, etag);
    expect(second.status).toBe(412);
    expect(second.body).toMatchObject({
      status: 412,
      code: "PRECONDITION_FAILED",
      data: { id: created.body.data.id, title: { en: "By A" }, publication: { state: "draft" } },
    });
    expect(second.body.message).toMatch(/^Precondition Failed error: /);
    expect((await get(`${url}?draft=true`)).json().data.title.en).toBe("By A");

    // With the ETag of what it now reads, B saves; without If-Match, a save goes as before.
    expect((await patch(url, { title: { en: "By B" } }, first.headers.etag as string)).status).toBe(200);
    expect((await patch(url, { title: { en: "No check" } })).status).toBe(200);
    expect((await patch(url, { title: { en: "Any state" } }, "*")).status).toBe(200);
    expect((await patch(`/api/blog/articles/${crypto.randomUUID()}`, { title: { en: "x" } }, etag)).status).toBe(404);
  });

  it("compares with the working copy: the published copy's ETag is stale once the working copy moved on", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles?publish=true",
      payload: { data: { title: { en: "Live" } } },
    });
    const url = `/api/blog/articles/${created.body.data.id}`;
    const published = (await get(url)).headers.etag as string;
    expect(published).toBe((await get(`${url}?draft=true`)).headers.etag);
    await patch(url, { title: { en: "Working" } });
    expect((await get(url)).headers.etag).toBe(published);
    expect((await patch(url, { title: { en: "Over it" } }, published)).status).toBe(412);
  });

  it("guards DELETE the same way, and models without x-drafts too", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/notification/topics",
      payload: { data: { title: { en: "Topic" } } },
    });
    const url = `/api/notification/topics/${created.body.data.id}`;
    const etag = (await get(url)).headers.etag as string;
    expect(etag).toBeDefined();
    const saved = await patch(url, { title: { en: "Topic, edited" } }, etag);
    expect(saved.status).toBe(200);
    const stale = await t.request({ method: "DELETE", url, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.data.title.en).toBe("Topic, edited");
    expect((await get(url)).statusCode).toBe(200);
    const current = (await get(url)).headers.etag as string;
    expect((await t.request({ method: "DELETE", url, headers: { "if-match": current } })).status).toBe(200);
  });

  it("lets exactly one of two saves sent with the same If-Match through", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { title: { en: "Race" } } },
    });
    const url = `/api/blog/articles/${created.body.data.id}`;
    const etag = (await get(`${url}?draft=true`)).headers.etag as string;
    const answers = await Promise.all(
      ["One", "Two", "Three"].map((title) => patch(url, { title: { en: title } }, etag)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
    const winner = answers.find((a) => a.status === 200)!.body.data.title.en;
    expect((await get(`${url}?draft=true`)).json().data.title.en).toBe(winner);
  });
});
