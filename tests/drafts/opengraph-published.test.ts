import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const OG = "generate-template-opengraph-image-default";

// Link previews are visitors too: a page's Open Graph image is drawn from its published title, so
// an editor's unpublished title never reaches it; a page never published has no image.
describe(`the Open Graph image of a drafted page, on ${testDialect}`, () => {
  let t: TestApp;
  const editor = (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const drawnTitles = async () =>
    (
      (
        await editor(
          "GET",
          `/api/file-storage/files?filters[and][0][column]=variant&filters[and][0][method]=eq&filters[and][0][value]=${OG}`,
        )
      ).body.data as any[]
    ).map((f) => f.adminTitle as string);
  const image = (pageId: string) => t.app.inject({ method: "GET", url: `/public/opengraph/${pageId}.png` });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("shows the published title while a new one waits, and nothing for a page never published", async () => {
    const page = (
      await editor("POST", "/api/host/pages?publish=true", {
        url: "/spring",
        title: "Spring sale",
        description: "Sale",
      })
    ).body.data;
    expect((await image(page.id)).statusCode).toBe(200);
    expect(await drawnTitles()).toEqual([expect.stringContaining("Spring sale")]);

    expect((await editor("PATCH", `/api/host/pages/${page.id}`, { title: "Secret summer plans" })).status).toBe(200);
    expect((await image(page.id)).statusCode).toBe(200);
    expect((await drawnTitles()).join()).not.toContain("Secret");

    await editor("POST", `/api/host/pages/${page.id}/publish`);
    expect((await image(page.id)).statusCode).toBe(200);
    expect(await drawnTitles()).toEqual([expect.stringContaining("Secret summer plans")]);

    const draft = (await editor("POST", "/api/host/pages", { url: "/hidden", title: "Hidden", description: "Not yet" }))
      .body.data;
    expect((await image(draft.id)).statusCode).toBe(404);
  });
});
