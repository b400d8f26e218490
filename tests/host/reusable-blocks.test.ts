import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, type SignedIn } from "../rbac/helpers.js";
import { buildPage } from "../site/fixtures.js";

const HERO = {
  module: "website-builder",
  variant: "default",
  content: { title: { en: "Shared hero", ru: "Общий герой" }, features: [{ title: "Fast" }, { title: "Kind" }] },
};
const MISSING = "00000000-0000-4000-8000-00000000abcd";

// Reusable blocks (docs/api.md "Page blocks", docs/drafts.md "Reusable blocks"), drafts on, both databases.
describe(`reusable blocks (${testDialect})`, () => {
  let t: TestApp;
  let member: SignedIn;
  const pages: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };
  let shared: { id: string; widgetId: string };

  const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const own = async (pageId: string) =>
    (await send("GET", `/api/host/pages/${pageId}/blocks`)).body.data.filter((b: any) => b.region === "page");
  /**
   * The blocks' headings visitors get on the page: the titles only (the page's state in the HTML
   * also holds a block's admin title and slug, made from its first title).
   */
  const visitor = async (path: string) =>
    [...(await t.app.inject({ method: "GET", url: path })).body.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
  const publish = (pageId: string, reusable?: "publish" | "keep") =>
    send("POST", `/api/host/pages/${pageId}/publish`, reusable ? { reusable } : {});
  const retitle = (widgetId: string, en: string) =>
    send("PATCH", `/api/website-builder/widgets/${widgetId}`, { title: { en, ru: en } });
  const count = async (table: string) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    member = await register(t, "member@example.com");
    for (const [key, url] of [
      ["a", "/reuse-a"],
      ["b", "/reuse-b"],
      ["c", "/reuse-c"],
    ] as const) {
      pages[key] = (await buildPage(t, url, 0, `Page ${key}`)).pageId;
      expect((await publish(pages[key])).status).toBe(200);
    }
    shared = (await send("POST", `/api/host/pages/${pages.a}/blocks`, HERO)).body.data;
    expect((await publish(pages.a)).status).toBe(200);
  });
  afterAll(() => t?.close());

  it("saves a block as reusable under a name: the same record, listed for the palette", async () => {
    const before = await count("host_widgets");
    const saved = await send("POST", `/api/host/pages/${pages.a}/blocks/${shared.id}/reusable`, {
      title: "  Team hero ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: shared.id, reusable: { name: "Team hero", usedOn: 1, changed: true } });
    expect(await count("host_widgets")).toBe(before);
    const listed = (await send("GET", "/api/host/reusable-blocks")).body.data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: shared.id,
        name: "Team hero",
        module: "website-builder",
        variant: "default",
        title: "Shared hero",
        usedOn: 1,
      }),
    ]);
    // Publishing with the reusable change makes it the published state: nothing differs after.
    const published = await publish(pages.a, "publish");
    expect(published.body.heldBack).toBeUndefined();
    expect((await own(pages.a))[0].reusable).toEqual({ name: "Team hero", usedOn: 1, changed: false });
  });

  it("places it on another page as a new link to the same record (usedOn 2), shown there once that page is published", async () => {
    const widgets = await count("host_widgets");
    const placed = await send("POST", `/api/host/pages/${pages.b}/blocks`, { reusable: shared.id });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ id: shared.id, widgetId: shared.widgetId, reusable: { usedOn: 2 } });
    expect(await count("host_widgets")).toBe(widgets);
    expect((await own(pages.a))[0].reusable.usedOn).toBe(2);
    expect(await visitor("/reuse-b")).not.toContain("Shared hero");
    // A new place needs no choice: the link is the page's, the block's published copy is what shows.
    const answer = await publish(pages.b);
    expect(answer.body.heldBack).toBeUndefined();
    expect(await visitor("/reuse-b")).toContain("Shared hero");
  });

  it("publishing a page leaves the reusable block's change out unless asked, and names it", async () => {
    expect((await retitle(shared.widgetId, "Edited once")).status).toBe(200);
    expect((await own(pages.b))[0].reusable.changed).toBe(true);
    const kept = await publish(pages.b);
    expect(kept.status).toBe(200);
    expect(kept.body.heldBack).toEqual([{ model: "host/widgets", id: shared.id }]);
    expect(await visitor("/reuse-b")).toContain("Shared hero");
    expect(await visitor("/reuse-a")).toContain("Shared hero");
    // The same with the choice spelt out.
    expect((await publish(pages.b, "keep")).body.heldBack).toEqual([{ model: "host/widgets", id: shared.id }]);
    expect(await visitor("/reuse-b")).not.toContain("Edited once");
  });

  it("publishing with the reusable change shows it on every page placing it", async () => {
    const answer = await publish(pages.b, "publish");
    expect(answer.status).toBe(200);
    expect(answer.body.heldBack).toBeUndefined();
    for (const path of ["/reuse-a", "/reuse-b"]) {
      const html = await visitor(path);
      expect({ path, shown: html.includes("Edited once"), old: html.includes("Shared hero") }).toEqual({
        path,
        shown: true,
        old: false,
      });
    }
    expect((await own(pages.a))[0].reusable.changed).toBe(false);
  });

  it("the preview shows the reusable change, as publishing with it would", async () => {
    await retitle(shared.widgetId, "Previewed title");
    const link = (await send("POST", `/api/host/pages/${pages.a}/preview`, {})).body.data.url;
    const html = await visitor(new URL(link).pathname + new URL(link).search);
    expect(html).toContain("Previewed title");
    expect(await visitor("/reuse-a")).toContain("Edited once");
    await publish(pages.a, "publish");
  });

  it("a page copy links the same reusable block (usedOn 3); removing it from one page keeps it on the others", async () => {
    const copy = await send("POST", `/api/host/pages/${pages.b}/duplicate`, {});
    expect(copy.status).toBe(201);
    const copied = await own(copy.body.data.id);
    expect(copied.map((b: any) => b.id)).toEqual([shared.id]);
    expect(copied[0].reusable.usedOn).toBe(3);
    for (const pageId of [copy.body.data.id, pages.b]) {
      expect((await send("DELETE", `/api/host/pages/${pageId}/blocks/${shared.id}`)).status).toBe(200);
    }
    await publish(pages.b);
    expect(await visitor("/reuse-b")).not.toContain("Previewed title");
    expect(await visitor("/reuse-a")).toContain("Previewed title");
    expect((await own(pages.a))[0]).toMatchObject({ id: shared.id, reusable: { usedOn: 1 } });
    // Put back on b for the detach below.
    expect((await send("POST", `/api/host/pages/${pages.b}/blocks`, { reusable: shared.id })).status).toBe(201);
  });

  it("detach gives the page its own copy in the same place; the other page keeps the shared block", async () => {
    await send("POST", `/api/host/pages/${pages.c}/blocks`, { module: "website-builder", variant: "content-default" });
    await send("POST", `/api/host/pages/${pages.c}/blocks`, { reusable: shared.id });
    await send("POST", `/api/host/pages/${pages.c}/blocks`, { module: "website-builder", variant: "content-default" });
    const before = (await own(pages.c)).map((b: any) => b.id);
    const detached = await send("POST", `/api/host/pages/${pages.c}/blocks/${shared.id}/detach`);
    expect(detached.status).toBe(200);
    const copy = detached.body.data;
    expect(copy.id).not.toBe(shared.id);
    expect(copy.widgetId).not.toBe(shared.widgetId);
    expect(copy).toMatchObject({ title: "Previewed title", reusable: null });
    expect((await own(pages.c)).map((b: any) => b.id)).toEqual([before[0], copy.id, before[2]]);
    expect((await own(pages.b))[0]).toMatchObject({ id: shared.id, reusable: { usedOn: 2 } });
    // Independent: the copy's edit is not the shared block's.
    await retitle(copy.widgetId, "Only on c");
    await publish(pages.c);
    expect(await visitor("/reuse-c")).toContain("Only on c");
    expect(await visitor("/reuse-a")).toContain("Previewed title");
    expect(await visitor("/reuse-a")).not.toContain("Only on c");
  });

  it("Duplicate of a reusable block makes the page's own block, not a second reusable one", async () => {
    const copy = await send("POST", `/api/host/pages/${pages.a}/blocks/${shared.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ reusable: null, title: "Previewed title" });
    expect((await send("GET", "/api/host/reusable-blocks")).body.data.map((b: any) => b.id)).toEqual([shared.id]);
    expect((await send("DELETE", `/api/host/pages/${pages.a}/blocks/${copy.body.data.id}`)).status).toBe(200);
  });

  it("taking one page off the site keeps the shared block on the others", async () => {
    expect((await publish(pages.b)).status).toBe(200);
    expect(await visitor("/reuse-b")).toContain("Previewed title");
    expect((await send("POST", `/api/host/pages/${pages.b}/unpublish`)).status).toBe(200);
    expect(await visitor("/reuse-a")).toContain("Previewed title");
  });

  it("reads a page's blocks with their reusable marks in a fixed number of statements, whatever their number", async () => {
    const cost = async (url: string, count: number) => {
      const { pageId } = await buildPage(t, url, 0, url);
      for (let i = 0; i < count; i++) {
        const block = (
          await send("POST", `/api/host/pages/${pageId}/blocks`, {
            module: "website-builder",
            variant: "content-default",
            content: { title: `Shared ${url} ${i}` },
          })
        ).body.data;
        await send("POST", `/api/host/pages/${pageId}/blocks/${block.id}/reusable`, { title: `${url} ${i}` });
      }
      const before = t.database.queryCount();
      const read = await own(pageId);
      const queries = t.database.queryCount() - before;
      expect(read.filter((b: any) => b.reusable?.usedOn === 1)).toHaveLength(count);
      return queries;
    };
    const one = await cost("/cost-one", 1);
    expect(await cost("/cost-eight", 8)).toBe(one);
  });

  describe("refusals", () => {
    const block = () => `/api/host/pages/${pages.a}/blocks/${shared.id}`;
    it.each([
      ["a name missing", () => ["POST", `${block()}/reusable`, {}], 400, "/title"],
      ["a blank name", () => ["POST", `${block()}/reusable`, { title: "   " }], 400, "/title"],
      ["a name too long", () => ["POST", `${block()}/reusable`, { title: "x".repeat(201) }], 400, "/title"],
      [
        "a reusable id that is no uuid",
        () => ["POST", `/api/host/pages/${pages.a}/blocks`, { reusable: "x" }],
        400,
        "/reusable",
      ],
      [
        "a placement with content",
        () => ["POST", `/api/host/pages/${pages.a}/blocks`, { reusable: shared.id, module: "crm" }],
        400,
        "/module",
      ],
      [
        "an unknown reusable block",
        () => ["POST", `/api/host/pages/${pages.c}/blocks`, { reusable: MISSING }],
        404,
        undefined,
      ],
      [
        "a block that is not reusable",
        () => ["POST", `/api/host/pages/${pages.c}/blocks`, { reusable: pages.c }],
        404,
        undefined,
      ],
      [
        "a reusable block the page has",
        () => ["POST", `/api/host/pages/${pages.a}/blocks`, { reusable: shared.id }],
        409,
        "/reusable",
      ],
      [
        "saving a block not on the page",
        () => ["POST", `/api/host/pages/${pages.c}/blocks/${MISSING}/reusable`, { title: "X" }],
        404,
        undefined,
      ],
      [
        "detaching a block not on the page",
        () => ["POST", `/api/host/pages/${pages.c}/blocks/${MISSING}/detach`],
        404,
        undefined,
      ],
      [
        "detaching an unknown page's block",
        () => ["POST", `/api/host/pages/${MISSING}/blocks/${shared.id}/detach`],
        404,
        undefined,
      ],
      [
        "a publish choice that is none",
        () => ["POST", `/api/host/pages/${pages.a}/publish`, { reusable: "maybe" }],
        400,
        "/data/reusable",
      ],
    ] as const)("answers %s with the error body", async (_case, request, status, path) => {
      const [method, url, data] = request() as unknown as ["POST", string, unknown];
      const response = await send(method, url, data);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
      if (path) expect(response.body.cause?.map((c: any) => c.path) ?? []).toContain(path);
    });

    it("refuses a detach of a block that is not reusable, and callers who may not edit pages", async () => {
      const plain = (await own(pages.c)).find((b: any) => b.reusable === null);
      const response = await send("POST", `/api/host/pages/${pages.c}/blocks/${plain.id}/detach`);
      expect(response.status).toBe(400);
      for (const [who, status] of [
        [undefined, 401],
        [member, 403],
      ] as const) {
        for (const [method, url] of [
          ["GET", "/api/host/reusable-blocks"],
          ["POST", `${block()}/reusable`],
          ["POST", `${block()}/detach`],
        ] as const)
          expect({
            url,
            status: (await as(t, who)({ method, url, payload: { data: { title: "X" } } })).status,
          }).toEqual({ url, status });
      }
    });
  });

  it("restoring a page's version leaves its reusable blocks as they are now, and restores its own blocks", async () => {
    const page = (await buildPage(t, "/reuse-restore", 0, "Page restored")).pageId;
    const other = (await buildPage(t, "/reuse-restore-other", 0, "Other page")).pageId;
    const ownBlock = (
      await send("POST", `/api/host/pages/${page}/blocks`, {
        ...HERO,
        content: { title: { en: "Own then", ru: "Своё тогда" } },
      })
    ).body.data;
    const kept = (
      await send("POST", `/api/host/pages/${page}/blocks`, {
        ...HERO,
        content: { title: { en: "Shared then", ru: "Общее тогда" } },
      })
    ).body.data;
    expect(
      (await send("POST", `/api/host/pages/${page}/blocks/${kept.id}/reusable`, { title: "Kept hero" })).status,
    ).toBe(200);
    expect((await send("POST", `/api/host/pages/${other}/blocks`, { reusable: kept.id })).status).toBe(201);
    const [version] = (await send("GET", `/api/host/pages/${page}/versions`)).body.data;
    expect((await retitle(ownBlock.widgetId, "Own now")).status).toBe(200);
    expect((await retitle(kept.widgetId, "Shared now")).status).toBe(200);

    const restored = await send("POST", `/api/host/pages/${page}/versions/${version.id}/restore`);
    expect(restored.status).toBe(200);
    const titles = async (pageId: string) =>
      Object.fromEntries((await own(pageId)).map((b: any) => [b.id, b.content?.title?.en ?? b.title?.en]));
    const widgetTitle = async (widgetId: string) =>
      (await send("GET", `/api/website-builder/widgets/${widgetId}?draft=true`)).body.data.title.en;
    expect(await widgetTitle(ownBlock.widgetId)).toBe("Own then");
    // The reusable block is the other page's too: its change since the version stays, on both pages.
    expect(await widgetTitle(kept.widgetId)).toBe("Shared now");
    expect((await own(page)).map((b: any) => b.id)).toEqual([ownBlock.id, kept.id]);
    expect((await own(other)).map((b: any) => b.id)).toEqual([kept.id]);
    expect(Object.keys(await titles(page))).toHaveLength(2);

    // Let go of since (detached into the page's own copy) and edited again: still the other page's, still left as it is.
    expect((await send("POST", `/api/host/pages/${page}/blocks/${kept.id}/detach`)).status).toBe(200);
    expect((await retitle(kept.widgetId, "Shared later")).status).toBe(200);
    expect((await send("POST", `/api/host/pages/${page}/versions/${version.id}/restore`)).status).toBe(200);
    expect(await widgetTitle(kept.widgetId)).toBe("Shared later");
    expect((await own(page)).map((b: any) => b.id)).toEqual([ownBlock.id, kept.id]);
  });
});
