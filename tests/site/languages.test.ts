import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { formSchema } from "../../engine/admin/form-schema.js";
import type { AdminModel } from "../../engine/admin/admin-model.js";
import { parseLanguages } from "../../server/config.js";
import { missingTranslations } from "../../app/missing-translations.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, lastMail, signIn } from "../rbac/helpers.js";

// The LANGUAGES and DEFAULT_LANGUAGE settings: the site, the admin, sign-up and mails follow the
// list the server was started with. Each describe starts its own app, which applies its list
// (one process serves one site), so the describes run one after another, never interleaved.

const ORIGIN = "https://shop.example.com";
const ADMIN = { adminEmail: "boss@example.com", adminPassword: "admin password 1" };

describe("LANGUAGES and DEFAULT_LANGUAGE settings", () => {
  test.each([
    ["unset: English and Russian, English the default", {}, { languages: ["en", "ru"], defaultLanguage: "en" }],
    ["three languages", { LANGUAGES: "en,ru,de" }, { languages: ["en", "ru", "de"], defaultLanguage: "en" }],
    [
      "spaces and a regional code",
      { LANGUAGES: " de , pt-BR ", DEFAULT_LANGUAGE: "de" },
      { languages: ["de", "pt-BR"], defaultLanguage: "de" },
    ],
  ])("%s", (_name, env, expected) => {
    expect(parseLanguages(env)).toEqual(expected);
  });

  test.each([
    [
      "a name, not a code",
      { LANGUAGES: "en,german" },
      'LANGUAGES: "german" is not a language code such as en, de or pt-BR',
    ],
    [
      "a code that would break out of a URL or SQL",
      { LANGUAGES: "en,de'--" },
      `LANGUAGES: "de'--" is not a language code such as en, de or pt-BR`,
    ],
    ["a code twice", { LANGUAGES: "en,de,en" }, "LANGUAGES names en twice"],
    ["a default outside the list", { LANGUAGES: "ru,de" }, 'DEFAULT_LANGUAGE "en" is not one of LANGUAGES (ru,de)'],
    ["an empty list", { LANGUAGES: " , " }, "LANGUAGES must name at least one language"],
  ])("stops the start on %s", (_name, env, message) => {
    expect(() => parseLanguages(env)).toThrow(message);
  });
});

/** What a visitor sees: the rendered body, without the page data embedded for hydration (it holds every language). */
const visible = (html: string) => html.split('<div id="root">')[1]!.split('<script id="__SITE_DATA__"')[0]!;

/** The alternate links of a page's head: hreflang → address. */
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.split("</head>")[0]!.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );

async function languageMapsOfAdminModels(t: TestApp): Promise<{ models: AdminModel[]; languages: unknown }> {
  const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
  const { status, body } = await as(t, admin)({ method: "GET", url: "/api/admin/models" });
  expect(status).toBe(200);
  return { models: body.data, languages: body.languages };
}

const signUp = (t: TestApp, login: string, language: string) =>
  t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/registration`,
    key: null,
    payload: { login, password: PASSWORD, language } as any,
  });

describe(`LANGUAGES=en,ru,de on ${testDialect}`, () => {
  let t: TestApp;
  let slug: string;
  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp({
      ...ADMIN,
      seedDemoContent: true,
      publicUrl: ORIGIN,
      languages: ["en", "ru", "de"],
      defaultLanguage: "en",
    });
    const articles = (await t.request({ method: "GET", url: "/api/blog/articles?limit=1", key: null })).body
      .data as any[];
    const article = articles[0]!;
    slug = article.slug;
    // German where given (the title), English elsewhere (the description has no German).
    const patched = await t.request({
      method: "PATCH",
      url: `/api/blog/articles/${article.id}`,
      payload: { data: { title: { ...article.title, de: "Hallo aus Deutschland" } } },
    });
    expect(patched.status).toBe(200);
    expect(article.description.en).toBeTruthy();
  });
  afterAll(() => t.close());

  it("renders /de pages in German where the content has German, English elsewhere, with German UI texts", async () => {
    const page = await get(`/de/blog/articles/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/^<!doctype html><html lang="de"/);
    expect(visible(page.body)).toContain("Hallo aus Deutschland");
    const english = await get(`/blog/articles/${slug}`);
    expect(visible(english.body)).not.toContain("Hallo aus Deutschland");
    // The site's own texts: German from its strings file (the switcher's landmark label).
    expect(page.body).toContain('aria-label="Sprache"');
    expect(english.body).toContain('aria-label="Language"');
    // The browser applies the server's list before it hydrates: it has none compiled in.
    expect(page.body).toContain('"languages":{"list":["en","ru","de"],"default":"en"}');
  });

  it("falls back to English for a text without German, never to an empty one", async () => {
    const [article] = (await t.request({ method: "GET", url: `/api/blog/articles?limit=1`, key: null })).body
      .data as any[];
    const page = await get(`/de/blog/articles/${slug}`);
    expect(article.description.de).toBeUndefined();
    // The description is rich text (a document as JSON): its first text, as the page shows it.
    const firstText = /"text":"([^"]{8,})"/.exec(String(article.description.en))![1]!;
    expect(visible(page.body)).toContain(firstText);
  });

  it("links the page in all three languages with x-default, in the switcher, the head and the sitemap", async () => {
    const page = (await get(`/de/blog/articles/${slug}`)).body;
    expect(alternates(page)).toEqual({
      en: `${ORIGIN}/blog/articles/${slug}`,
      ru: `${ORIGIN}/ru/blog/articles/${slug}`,
      de: `${ORIGIN}/de/blog/articles/${slug}`,
      "x-default": `${ORIGIN}/blog/articles/${slug}`,
    });
    // The switcher's link to this very page in German.
    expect(visible(page)).toMatch(
      new RegExp(
        `<a [^>]*href="/de/blog/articles/${slug}"[^>]*hreflang="de"|<a [^>]*hreflang="de"[^>]*href="/de/blog/articles/${slug}"`,
        "i",
      ),
    );
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>${ORIGIN}/de/blog/articles/${slug}</loc>`);
    expect(sitemap).toContain(`hreflang="de" href="${ORIGIN}/de/blog/articles/${slug}"`);
  });

  it.each(["/fr", `/fr/blog/articles/${"x"}`, "/fr/"])(
    "answers 404 to %s: French is not a site language",
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );

  it("shows a de input in every language map of the admin models answer and form", async () => {
    const { models, languages } = await languageMapsOfAdminModels(t);
    expect(languages).toEqual({ list: ["en", "ru", "de"], default: "en" });
    const maps = models.flatMap((model) =>
      model.fields.filter((f) => f.kind === "language-map").map((field) => ({ model, field })),
    );
    expect(maps.length).toBeGreaterThan(10);
    for (const { model, field } of maps) {
      expect(field.languages, `${model.id}.${field.name}`).toEqual(["en", "ru", "de"]);
      const { schema } = formSchema(model);
      const property = (schema.properties as Record<string, any>)[field.name];
      if (property) expect(Object.keys(property.properties), `${model.id}.${field.name}`).toEqual(["en", "ru", "de"]);
    }
  });

  it("takes de as a sign-up language and refuses fr, naming the languages it may be", async () => {
    expect((await signUp(t, "hans@example.com", "de")).status).toBe(201);
    const subjects = await t.database.db.selectFrom("rbac_subjects").select("language").execute();
    expect(subjects.map((s) => s.language)).toContain("de");
    const french = await signUp(t, "jean@example.com", "fr");
    expect(french.status).toBe(400);
    expect(french.body.message).toBe("Validation error: /language must be one of en, ru, de");
  });

  it("sends a German reader's mail in English where it has no German text, never empty, linking the /de page", async () => {
    expect((await signUp(t, "greta@example.com", "de")).status).toBe(201);
    const forgot = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/forgot-password`,
      key: null,
      payload: { email: "greta@example.com" } as any,
    });
    expect(forgot.status).toBe(200);
    const mail = await lastMail(t, "greta@example.com");
    expect(mail).toMatchObject({ subject: "Reset your password" });
    expect(mail!.text).toContain(`${ORIGIN}/de/rbac/subject/authentication/email-and-password/reset-password?code=`);
  });

  it("lists the texts German still lacks; English and Russian lack none", () => {
    const missing = missingTranslations(["en", "ru", "de"]);
    expect(missing.filter((m) => m.language !== "de")).toEqual([]);
    expect(missing.find((m) => m.table === "site")).toBeUndefined();
    expect(missing.find((m) => m.table === "rbac")?.keys).toContain("signUp");
  });
});

describe(`the default languages (en,ru) on ${testDialect}`, () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN, seedDemoContent: true, publicUrl: ORIGIN });
  });
  afterAll(() => t.close());

  it("has no /de pages, links English and Russian only, and refuses de at sign-up", async () => {
    expect((await get("/de")).statusCode).toBe(404);
    const home = (await get("/ru")).body;
    expect(home).toMatch(/^<!doctype html><html lang="ru"/);
    expect(alternates(home)).toEqual({ en: `${ORIGIN}/`, ru: `${ORIGIN}/ru`, "x-default": `${ORIGIN}/` });
    const german = await signUp(t, "hans@example.com", "de");
    expect(german.status).toBe(400);
    expect(german.body.message).toBe("Validation error: /language must be one of en, ru");
  });

  it("shows en and ru inputs in every language map of the admin", async () => {
    const { models, languages } = await languageMapsOfAdminModels(t);
    expect(languages).toEqual({ list: ["en", "ru"], default: "en" });
    for (const model of models) {
      for (const field of model.fields.filter((f) => f.kind === "language-map"))
        expect(field.languages, `${model.id}.${field.name}`).toEqual(["en", "ru"]);
    }
  });
});
