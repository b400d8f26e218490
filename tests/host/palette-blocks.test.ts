import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as } from "../rbac/helpers.js";
import { buildPage } from "../site/fixtures.js";

// The palette's Text and Call to action blocks (common/site/block-catalogue.ts): one Text block
// where six modules each offered their own copy, which still render and may still be created
// through the API (the original frontend's widgets), and a call to action with its buttons.
describe(`palette blocks (${testDialect})`, () => {
  let t: TestApp;
  let pageId: string;
  const send = (method: "GET" | "POST", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });

  beforeAll(async () => {
    t = await createTestApp();
    pageId = (await buildPage(t, "/offer", 0, "Offer")).pageId;
  });
  afterAll(() => t?.close());

  it("offers one Text block, in Page sections, and no module group left without a block", async () => {
    const response = await as(t, undefined)({ method: "GET", url: "/api/host/blocks/catalogue" });
    expect(response.status).toBe(200);
    const offered = (response.body.data as any[]).flatMap((m) =>
      m.variants.map((v: any) => ({ block: `${m.module}:${v.variant}`, en: v.label.en, ru: v.label.ru })),
    );
    expect(offered.filter((o) => /^Text\b/.test(o.en) || /^Текст\b/.test(o.ru))).toEqual([
      { block: "website-builder:text-default", en: "Text", ru: "Текст" },
    ]);
    for (const module of response.body.data) expect(module.variants.length, module.module).toBeGreaterThan(0);
    const modules = response.body.data.map((m: any) => m.module);
    for (const textOnly of ["startup", "notification", "analytic", "agent"]) expect(modules).not.toContain(textOnly);
    const cta = offered.find((o) => o.block === "website-builder:cta-default");
    expect(cta).toEqual({ block: "website-builder:cta-default", en: "Call to action", ru: "Призыв к действию" });
  });

  it("renders a call to action with its headline, text and buttons, in en and ru", async () => {
    const made = await send("POST", `/api/host/pages/${pageId}/blocks`, {
      module: "website-builder",
      variant: "cta-default",
      content: {
        title: { en: "Ready to start?", ru: "Готовы начать?" },
        subtitle: { en: "Two weeks free, no card needed.", ru: "Две недели бесплатно, без карты." },
        buttons: [{ title: { en: "Start free", ru: "Начать бесплатно" }, url: "/sign-up" }],
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.data.title).toBe("Ready to start?");
    for (const [path, words] of [
      ["/offer", ["Ready to start?", "Two weeks free, no card needed.", "Start free"]],
      ["/ru/offer", ["Готовы начать?", "Две недели бесплатно, без карты.", "Начать бесплатно"]],
    ] as const) {
      const html = (await t.app.inject({ method: "GET", url: path })).body;
      const band = html.slice(html.indexOf("data-call-to-action"));
      expect(band, path).not.toBe(html.slice(-1));
      for (const word of words) expect(band, `${path}: ${word}`).toContain(word);
      expect(band).toMatch(/href="(\/ru)?\/sign-up"/);
    }
  });

  it("still makes and renders a module's own text block through the API, as the original frontend may ask", async () => {
    const made = await send("POST", `/api/host/pages/${pageId}/blocks`, {
      module: "social",
      variant: "default",
      content: { title: { en: "Our community", ru: "Наше сообщество" } },
    });
    expect(made.status).toBe(201);
    expect((await t.app.inject({ method: "GET", url: "/offer" })).body).toContain("Our community");
  });
});
