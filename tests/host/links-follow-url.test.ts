import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

type Row = Record<string, any>;

/** The links a block on the home page holds, and what each becomes when /about moves to /company. */
const LINKS: [string, string][] = [
  ["/about", "/company"],
  ["/about#team", "/company#team"],
  ["/about?tab=2", "/company?tab=2"],
  // Another page whose address only starts the same, and another site: not this page's links.
  ["/aboutus", "/aboutus"],
  ["https://example.com/about", "https://example.com/about"],
];

// A button's or slide's link to a page follows the page's address once the new address is live
// (migrations/0047_links_follow_page_urls.sql): at the page's publish with drafts on, at the save
// with DRAFTS=off; both copies of each link, and the rendered pages that show them drawn again.
describe.each([true, false])(`links follow a page's address (${testDialect}, drafts %s)`, (drafts) => {
  let t: TestApp;
  const call = async (method: "GET" | "POST" | "PATCH", url: string, data?: Row) => {
    const answer = await t.request({ method, url, ...(data ? { payload: { data } } : {}) });
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body?.data;
  };
  const publish = (id: string) => (drafts ? call("POST", `/api/host/pages/${id}/publish`) : undefined);
  const page = async (url: string) => {
    const made = await call("POST", "/api/host/pages", { url, title: { en: url, ru: url } });
    return String(made.id);
  };
  let about: string;
  let home: string;
  const urls = async (model: "buttons" | "slides", copy: "working" | "published") => {
    const rows: Row[] = await call(
      "GET",
      `/api/website-builder/${model}?limit=100${copy === "working" ? "&draft=true" : ""}`,
    );
    return rows.map((r) => r.url).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts });
    about = await page("/about");
    home = await page("/home");
    await call("POST", `/api/host/pages/${home}/blocks`, {
      module: "website-builder",
      variant: "default",
      content: {
        title: "Links",
        buttons: LINKS.map(([url], i) => ({ title: `Link ${i}`, url })),
        slides: [{ title: "Slide", url: "/about" }],
      },
    });
    await publish(about);
    await publish(home);
  });
  afterAll(() => t?.close());

  it("moves every link to the page with it, in both copies, and the site draws them again", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/home" })).body;
    expect(before).toContain('href="/about"');
    await call("PATCH", `/api/host/pages/${about}`, { url: "/company" });
    if (drafts) {
      // Only the working copy moved: the site still serves /about, and the links still say so.
      expect(await urls("buttons", "working")).toEqual(LINKS.map(([from]) => from).sort());
      expect((await t.app.inject({ method: "GET", url: "/home" })).body).toContain('href="/about"');
      await publish(about);
    }
    const moved = LINKS.map(([, to]) => to).sort();
    for (const copy of ["working", "published"] as const) {
      expect(await urls("buttons", copy), copy).toEqual(moved);
      expect(await urls("slides", copy), copy).toEqual(["/company"]);
    }
    const after = (await t.app.inject({ method: "GET", url: "/home" })).body;
    expect(after).toContain('href="/company"');
    expect(after).not.toContain('href="/about"');
    expect((await t.app.inject({ method: "GET", url: "/ru/home" })).body).toContain('href="/ru/company"');
  });

  it.runIf(drafts)("leaves each link's publication as it was: published stays published", async () => {
    const buttons: Row[] = await call("GET", "/api/website-builder/buttons?limit=100&draft=true");
    for (const button of buttons) expect(button.publication?.state, button.url).toBe("published");
  });
});
