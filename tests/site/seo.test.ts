import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const ORIGIN = "https://shop.example.com";

/** Every JSON-LD object in a page's head. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
const links = (html: string, rel: string) =>
  [...html.split("</head>")[0]!.matchAll(/<link rel="([^"]+)"(?: hreflang="([^"]+)")? href="([^"]+)"/g)]
    .filter((m) => m[1] === rel)
    .map((m) => ({ hreflang: m[2], href: m[3]!.replace(/&amp;/g, "&") }));
/** "24.5" → "24.50": a decimal string in two places, by string work alone. */
const twoPlaces = (value: string) => {
  const [whole, fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
};

describe(`search engines: addresses, sitemap, robots, icon and structured data on ${testDialect}`, () => {
  let t: TestApp;
  let articleSlugs: string[];
  let productSlugs: string[];
  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true, publicUrl: ORIGIN });
    const all = async (model: string) =>
      (await t.request({ method: "GET", url: `/api/${model}?limit=1000`, key: null })).body.data as any[];
    articleSlugs = (await all("blog/articles")).map((a) => a.slug);
    productSlugs = (await all("ecommerce/products")).map((p) => p.slug);
    expect(articleSlugs.length).toBeGreaterThan(1);
    expect(productSlugs.length).toBeGreaterThan(1);
  });
  afterAll(() => t.close());

  it("names each page's canonical address and its versions in every language, absolute from PUBLIC_URL", async () => {
    const slug = articleSlugs[0]!;
    for (const [path, canonical] of [
      [`/blog/articles/${slug}`, `${ORIGIN}/blog/articles/${slug}`],
      [`/ru/blog/articles/${slug}`, `${ORIGIN}/ru/blog/articles/${slug}`],
      ["/ru", `${ORIGIN}/ru`],
      ["/", `${ORIGIN}/`],
    ]) {
      const html = (await get(path!)).body;
      expect(links(html, "canonical"), path).toEqual([{ hreflang: undefined, href: canonical }]);
      const bare = path === "/ru" || path === "/" ? "/" : `/blog/articles/${slug}`;
      expect(links(html, "alternate"), path).toEqual([
        { hreflang: "en", href: `${ORIGIN}${bare}` },
        { hreflang: "ru", href: bare === "/" ? `${ORIGIN}/ru` : `${ORIGIN}/ru${bare}` },
        { hreflang: "x-default", href: `${ORIGIN}${bare}` },
      ]);
    }
    // A missing page is no address of its own.
    const missing = await get("/no/such/page");
    expect(missing.statusCode).toBe(404);
    expect(links(missing.body, "canonical")).toEqual([]);
    expect(jsonLd(missing.body)).toEqual([]);
  });

  it("lists every public page in both languages in /sitemap.xml, templates expanded to their records, personal pages left out", async () => {
    const answer = await get("/sitemap.xml");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/application\/xml/);
    const xml = answer.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    const expected = [
      "/",
      "/blog",
      "/products",
      "/contact",
      ...articleSlugs.map((s) => `/blog/articles/${s}`),
      ...productSlugs.map((s) => `/ecommerce/products/${s}`),
    ];
    for (const path of expected) {
      expect(locs, path).toContain(`${ORIGIN}${path}`);
      expect(locs, path).toContain(path === "/" ? `${ORIGIN}/ru` : `${ORIGIN}/ru${path}`);
    }
    expect(locs.some((l) => l.includes("/blog/categories/"))).toBe(true);
    expect(locs.every((l) => l.startsWith(`${ORIGIN}/`))).toBe(true);
    for (const personal of ["/cart", "/blog/members", "/rbac/", "/404", "/500", "["]) {
      expect(
        locs.filter((l) => l.includes(personal)),
        personal,
      ).toEqual([]);
    }
    // Each entry names its versions: en, ru and x-default.
    const entry = xml.split("<url>").find((u) => u.includes(`<loc>${ORIGIN}/ru/products</loc>`))!;
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/products"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${ORIGIN}/ru/products"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/products"/>`);
  });

  it("tells search engines not to index a personal page, and only those", async () => {
    const noindex = (html: string) => html.split("</head>")[0]!.includes('<meta name="robots" content="noindex">');
    for (const path of [
      "/cart",
      "/blog/members",
      "/rbac/subject/authentication/select-method",
      "/ru/rbac/subjects/settings",
    ]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(200);
      expect(noindex(answer.body), path).toBe(true);
    }
    for (const path of [
      "/",
      "/blog",
      "/products",
      "/contact",
      `/blog/articles/${articleSlugs[0]}`,
      `/ru/ecommerce/products/${productSlugs[0]}`,
    ]) {
      expect(noindex((await get(path)).body), path).toBe(false);
    }
  });

  it("adds a new article to the sitemap at once", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { slug: "fresh-from-the-press", title: { en: "Fresh", ru: "Свежее" } } },
    });
    expect(created.status).toBe(201);
    const locs = (await get("/sitemap.xml")).body;
    expect(locs).toContain(`<loc>${ORIGIN}/blog/articles/fresh-from-the-press</loc>`);
    expect(locs).toContain(`<loc>${ORIGIN}/ru/blog/articles/fresh-from-the-press</loc>`);
  });

  it("points robots.txt at the sitemap", async () => {
    const answer = await get("/robots.txt");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/text\/plain/);
    expect(answer.body).toMatch(/^User-agent: \*$/m);
    expect(answer.body).toMatch(/^Disallow: \/admin$/m);
    expect(answer.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("has an icon: /favicon.ico is an ICO of PNG images, /favicon.svg an SVG, both named in the head", async () => {
    const ico = await get("/favicon.ico");
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/x-icon");
    const bytes = ico.rawPayload;
    expect(bytes.readUInt16LE(0)).toBe(0);
    expect(bytes.readUInt16LE(2)).toBe(1);
    const count = bytes.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      sizes.push(bytes.readUInt8(entry));
      const length = bytes.readUInt32LE(entry + 8);
      const offset = bytes.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(bytes.length);
      // A PNG's signature, and its width in the IHDR matching the directory's.
      expect(bytes.subarray(offset, offset + 8).toString("hex")).toBe("89504e470d0a1a0a");
      expect(bytes.readUInt32BE(offset + 16)).toBe(bytes.readUInt8(entry));
    }
    expect(sizes).toContain(32);
    const svg = await get("/favicon.svg");
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg /);
    const head = (await get("/")).body.split("</head>")[0]!;
    expect(head).toContain('<link rel="icon" href="/favicon.ico"');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it("describes an article as a schema.org BlogPosting, in the page's language", async () => {
    const articles = (await t.request({ method: "GET", url: "/api/blog/articles?limit=1000", key: null })).body
      .data as any[];
    const article = articles.find((a) => a.slug === articleSlugs[0])!;
    for (const language of ["en", "ru"] as const) {
      const path = `${language === "ru" ? "/ru" : ""}/blog/articles/${article.slug}`;
      const [data, ...more] = jsonLd((await get(path)).body);
      expect(more).toEqual([]);
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@type"]).toBe("BlogPosting");
      expect(data.headline).toBe(article.title[language]);
      expect(data.inLanguage).toBe(language);
      expect(data.url).toBe(`${ORIGIN}${path}`);
      expect(data.mainEntityOfPage).toBe(`${ORIGIN}${path}`);
      expect(new Date(data.datePublished).getTime()).toBe(new Date(article.createdAt).getTime());
      expect(data.image).toMatch(new RegExp(`^${ORIGIN}/public/opengraph/`));
    }
  });

  it("describes a product as a schema.org Product with an offer per currency: exact decimal price and ISO code", async () => {
    const slug = productSlugs[0]!;
    const all = async (model: string) =>
      (await t.request({ method: "GET", url: `/api/${model}?limit=1000`, key: null })).body.data as any[];
    const product = (await all("ecommerce/products")).find((p) => p.slug === slug)!;
    const attributeIds = new Set(
      (await all("ecommerce/products-to-attributes"))
        .filter((l) => l.productId === product.id)
        .map((l) => l.attributeId),
    );
    const attributes = (await all("ecommerce/attributes")).filter((a) => attributeIds.has(a.id) && a.number != null);
    const currencyLinks = await all("ecommerce/attributes-to-billing-module-currencies");
    const currencies = await all("billing/currencies");
    const expected = attributes.map((attribute) => {
      const currencyId = currencyLinks.find((l) => l.attributeId === attribute.id).billingModuleCurrencyId;
      return {
        price: twoPlaces(String(attribute.number)),
        priceCurrency: currencies.find((c) => c.id === currencyId).slug.toUpperCase(),
      };
    });
    expect(expected.length).toBeGreaterThan(1);
    const path = `/ecommerce/products/${slug}`;
    const [data] = jsonLd((await get(path)).body);
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(product.title.en);
    expect(data.url).toBe(`${ORIGIN}${path}`);
    expect(
      data.offers
        .map((o: any) => ({ price: o.price, priceCurrency: o.priceCurrency }))
        .sort((a: any, b: any) => a.priceCurrency.localeCompare(b.priceCurrency)),
    ).toEqual(expected.sort((a, b) => a.priceCurrency.localeCompare(b.priceCurrency)));
    for (const offer of data.offers) {
      expect(offer["@type"]).toBe("Offer");
      expect(typeof offer.price).toBe("string");
    }
    const ru = jsonLd((await get(`/ru${path}`)).body)[0];
    expect(ru.name).toBe(product.title.ru);
    // A page naming no article or product carries none.
    expect(jsonLd((await get("/products")).body)).toEqual([]);
  });
});
