import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDataOf, formSchema } from "../../engine/admin/form-schema.js";
import { SIGN_IN_URL } from "../../server/seed/content/urls.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A page's and its metadata's title and description are a text for every
// language or texts by language; the head of /about and /ru/about speaks the visitor's language.
describe(`page titles per language (${testDialect})`, () => {
  let t: TestApp;
  const html = async (path: string) => (await t.app.inject({ method: "GET", url: path })).body;
  const head = (page: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(page)?.[1],
    description: /<meta name="description" content="([^"]*)">/.exec(page)?.[1],
    ogTitle: /<meta property="og:title" content="([^"]*)">/.exec(page)?.[1],
    ogDescription: /<meta property="og:description" content="([^"]*)">/.exec(page)?.[1],
    twitterTitle: /<meta name="twitter:title" content="([^"]*)">/.exec(page)?.[1],
    heading: /<h1 class="s-visually-hidden">([^<]*)<\/h1>/.exec(page)?.[1],
  });
  const post = async (url: string, data: unknown) => {
    const response = await t.request({ method: "POST", url, payload: { data } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("titles /about and /ru/about from the metadata's language maps: <title>, description, og: and twitter:", async () => {
    const page = await post("/api/host/pages", {
      url: "/about",
      title: { en: "About", ru: "О странице" },
      description: { en: "Page text", ru: "Текст страницы" },
    });
    const metadata = await post("/api/host/metadata", {
      title: { en: "About us", ru: "О нас" },
      description: { en: "Who we are", ru: "Кто мы" },
      opengraph: {},
      twitter: {},
    });
    await post("/api/host/pages-to-metadata", { pageId: page.id, metadataId: metadata.id });
    expect(head(await html("/about"))).toEqual({
      title: "About us",
      description: "Who we are",
      ogTitle: "About us",
      ogDescription: "Who we are",
      twitterTitle: "About us",
      heading: "About",
    });
    expect(head(await html("/ru/about"))).toEqual({
      title: "О нас",
      description: "Кто мы",
      ogTitle: "О нас",
      ogDescription: "Кто мы",
      twitterTitle: "О нас",
      heading: "О странице",
    });
    // The API answers the maps as written.
    expect(
      (await t.request({ method: "GET", url: `/api/host/metadata/${metadata.id}`, key: null })).body.data.title,
    ).toEqual({ en: "About us", ru: "О нас" });
  });

  it("falls back to the page's own title and description per language, and to English for a language without a text", async () => {
    await post("/api/host/pages", {
      url: "/team",
      title: { en: "Team", ru: "Команда" },
      description: { en: "The people" },
    });
    expect(head(await html("/team"))).toMatchObject({ title: "Team", description: "The people", heading: "Team" });
    expect(head(await html("/ru/team"))).toMatchObject({
      title: "Команда",
      description: "The people",
      heading: "Команда",
    });
  });

  it("keeps a plain string a string for old clients, shown in every language", async () => {
    const page = await post("/api/host/pages", { url: "/plain", title: "Plain title", description: "Plain text" });
    expect(page.title).toBe("Plain title");
    const read = (await t.request({ method: "GET", url: `/api/host/pages/${page.id}`, key: null })).body.data;
    expect([read.title, read.description]).toEqual(["Plain title", "Plain text"]);
    expect(head(await html("/ru/plain"))).toMatchObject({ title: "Plain title", description: "Plain text" });
    // Filters on the old string still find the page.
    const byTitle = await t.request({
      method: "GET",
      url: `/api/host/pages?filters[and]=${encodeURIComponent(JSON.stringify([{ column: "title", method: "eq", value: "Plain title" }]))}`,
      key: null,
    });
    expect(byTitle.body.data.map((p: any) => p.id)).toEqual([page.id]);
  });

  it.each([
    ["a number", 5],
    ["a map of numbers", { en: 5 }],
    ["a map with a key that is no language", { "not a language": "x" }],
  ])("refuses %s as a title with a 400 naming the field", async (_what, title) => {
    const response = await t.request({
      method: "POST",
      url: "/api/host/pages",
      payload: { data: { url: `/bad-${Math.random().toString(36).slice(2)}`, title } },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.cause)).toContain("/title");
  });

  it("edits a plain-string title per language in the admin's form: the string in every language's input", async () => {
    const models = (await t.request({ method: "GET", url: "/api/admin/models" })).body.data;
    const pages = models.find((m: any) => m.id === "host/pages");
    const title = pages.fields.find((f: any) => f.name === "title");
    expect(title).toMatchObject({ kind: "text-or-language-map", languages: ["en", "ru"] });
    expect(formSchema(pages).schema.properties.title).toMatchObject({
      type: "object",
      properties: { en: { type: "string" }, ru: { type: "string" } },
    });
    expect(formDataOf(pages, { title: "Plain title", description: { en: "A", ru: "Б" } })).toMatchObject({
      title: { en: "Plain title", ru: "Plain title" },
      description: { en: "A", ru: "Б" },
    });
  });
});

// The demo's account pages (rbac widgets bring no <h1>: the page's hidden heading is its title).
describe(`the demo's account pages per language (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true });
  });
  afterAll(() => t?.close());

  it("gives the sign-in page a Russian <title> and hidden heading on /ru", async () => {
    const en = (await t.app.inject({ method: "GET", url: SIGN_IN_URL })).body;
    const ru = (await t.app.inject({ method: "GET", url: `/ru${SIGN_IN_URL}` })).body;
    expect(en).toContain("<title>Sign in · Northwind Studio</title>");
    expect(en).toContain('<h1 class="s-visually-hidden">Sign in · Northwind Studio</h1>');
    expect(ru).toContain("<title>Вход · Студия «Норд»</title>");
    expect(ru).toContain('<h1 class="s-visually-hidden">Вход · Студия «Норд»</h1>');
    expect(ru).toContain('<meta name="description" content="С возвращением в студию «Норд»">');
  });
});
