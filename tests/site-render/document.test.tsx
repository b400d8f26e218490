import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { DATA_SCRIPT_ID, embedJson } from "../../common/site/html.js";
import { renderDocument, renderErrorDocument } from "../../web/site/render/render-document.js";
import { siteThemeFor } from "../../web/site/render/theme.js";
import { registerVariant } from "../../web/site/variants.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

const assets = { scripts: ["/static/assets/site-abc.js"], styles: ["/static/assets/site-abc.css"] };

function embedded(html: string, id = DATA_SCRIPT_ID): unknown {
  const match = html.match(new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`));
  if (!match) throw new Error(`no ${id} script`);
  return JSON.parse(match[1]!);
}

describe("renderDocument", () => {
  test("a full document: lang, assets, root and the embedded page data", () => {
    const page = new PageBuilder({ language: "ru", path: "/about" });
    page.widget("website-builder", { variant: "content-default", title: en("Hello", "Привет") });
    const html = renderDocument(page.data, assets);
    expect(html.startsWith('<!doctype html><html lang="ru"')).toBe(true);
    expect(html).toContain('<link rel="stylesheet" href="/static/assets/site-abc.css">');
    expect(html).toContain('<script type="module" src="/static/assets/site-abc.js"></script>');
    expect(html).toMatch(/<div id="root">[\s\S]*Привет[\s\S]*<\/div><script id="__SITE_DATA__"/);
    expect(embedded(html)).toEqual(page.data);
  });

  test("metadata from the linked host/metadata row, 'primary' first", () => {
    const page = new PageBuilder();
    const other = page.add("host/metadata", { title: "Other", variant: "default" });
    const primary = page.add("host/metadata", {
      variant: "primary",
      title: "Shop & Co",
      description: 'Shoes "for" <everyone>',
      keywords: "shoes, boots",
      author: "Ann",
      opengraph: { title: "OG title", siteName: "Shop", url: "https://shop.example/" },
      twitter: { card: "summary", site: "@shop", appCountry: "US" },
    });
    page.link("host/pages-to-metadata", page.page, other, { orderIndex: 0 });
    page.link("host/pages-to-metadata", page.page, primary, { orderIndex: 1 });
    const html = renderDocument(page.data, assets);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Shop &amp; Co</title>");
    expect(head).toContain('<meta name="description" content="Shoes &quot;for&quot; &lt;everyone&gt;">');
    expect(head).toContain('<meta name="keywords" content="shoes, boots">');
    expect(head).toContain('<meta name="author" content="Ann">');
    expect(head).toContain('<meta property="og:title" content="OG title">');
    expect(head).toContain('<meta property="og:site_name" content="Shop">');
    expect(head).toContain('<meta property="og:url" content="https://shop.example/">');
    expect(head).toContain('<meta property="og:description" content="Shoes &quot;for&quot; &lt;everyone&gt;">');
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    expect(head).toContain('<meta name="twitter:site" content="@shop">');
    expect(head).toContain('<meta name="twitter:app:country" content="US">');
    expect(head).toContain('<meta name="twitter:title" content="OG title">');
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(head).toContain('<link rel="alternate" hreflang="ru" href="/ru">');
  });

  test("without metadata the page's own title and description", () => {
    const page = new PageBuilder({ page: { title: "Plain page", description: "About us" } });
    const head = renderDocument(page.data, assets).split("</head>")[0]!;
    expect(head).toContain("<title>Plain page</title>");
    expect(head).toContain('<meta name="description" content="About us">');
    expect(head).toContain('<meta property="og:title" content="Plain page">');
    expect(head).toContain('<meta property="og:locale" content="en_US">');
  });

  test("embedded JSON cannot close its script or open a comment, and parses back the same", () => {
    const evil = "</script><script>alert(1)</script><!-- \u2028\u2029 & >";
    expect(embedJson({ evil })).not.toMatch(/<\/script|<!--|\u2028|\u2029/);
    expect(JSON.parse(embedJson({ evil }))).toEqual({ evil });
    const page = new PageBuilder();
    page.widget("website-builder", { variant: "content-default", title: en(evil) });
    const html = renderDocument(page.data, assets);
    const body = html.slice(html.indexOf(`<script id="${DATA_SCRIPT_ID}"`));
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    expect(embedded(html)).toEqual(page.data);
  });

  test("status 4xx/5xx pages ask not to be indexed", () => {
    const page = new PageBuilder();
    expect(renderDocument(page.data, assets, { status: 404 })).toContain('<meta name="robots" content="noindex">');
    expect(renderDocument(page.data, assets)).not.toContain("noindex");
  });
});

describe("the theme's CSS variables", () => {
  test("the page carries the very <style> of variables MantineProvider writes for the site's theme, once", () => {
    const variablesOf = (html: string) =>
      [...html.matchAll(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    for (const language of ["en", "ru"] as const) {
      const mantine = variablesOf(
        renderToString(<MantineProvider theme={siteThemeFor(language)} forceColorScheme="light" />),
      );
      expect(mantine).toHaveLength(1);
      expect(mantine[0]).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
      const page = new PageBuilder({ language, path: "/" });
      page.widget("website-builder", { variant: "content-default", title: en("Hello", "Привет") });
      expect(variablesOf(renderDocument(page.data, assets))).toEqual(mantine);
    }
  });
});

describe("variant code", () => {
  test("the document lists the variants it rendered and, as data for the entry, their chunks", () => {
    const page = new PageBuilder();
    page.widget("website-builder", { variant: "content-default", title: en("Hello") }, 0);
    page.widget("blog", { variant: "article-list-default" }, 1);
    const asked: string[][] = [];
    const html = renderDocument(page.data, {
      ...assets,
      chunksOf: (files) => (asked.push([...files]), files.map((file) => `/static/${file}.js`)),
    });
    const files = [
      "site/modules/blog/widget-article-list-default.tsx",
      "site/modules/host/widget-default.tsx",
      "site/modules/website-builder/widget-content-default.tsx",
    ];
    expect((embedded(html, "__SITE_STATE__") as { variants: string[] }).variants).toEqual(files);
    expect(asked).toEqual([files]);
    expect(embedded(html, "__SITE_CHUNKS__")).toEqual(files.map((file) => `/static/${file}.js`));
    // Nothing is fetched before the first paint but the entry: no preload in the head.
    expect(html).not.toContain("modulepreload");
  });
});

describe("the page's h1", () => {
  test("a page whose widgets bring no h1 gets its title as a visually hidden one; a hero's h1 stands alone", () => {
    const list = new PageBuilder({ page: { title: "Blog" } });
    list.widget("blog", { variant: "article-list-default", title: en("Articles") });
    const listed = renderDocument(list.data, assets);
    expect(listed.match(/<h1[\s>][\s\S]*?<\/h1>/g)).toEqual(['<h1 class="s-visually-hidden">Blog</h1>']);
    expect(listed.indexOf("<h1")).toBeLessThan(listed.indexOf("<h2"));

    const hero = new PageBuilder({ page: { title: "Home" } });
    hero.widget("website-builder", { variant: "content-default", title: en("Build sites") });
    const heroHtml = renderDocument(hero.data, assets);
    expect(heroHtml.match(/<h1[\s>][\s\S]*?<\/h1>/g)).toHaveLength(1);
    expect(heroHtml).not.toContain("s-visually-hidden");
  });
});

describe("widget chain", () => {
  test("an unknown variant renders nothing, its neighbours render", () => {
    const page = new PageBuilder();
    page.widget("website-builder", { variant: "no-such-variant", title: en("Invisible") }, 0);
    page.widget("website-builder", { variant: "content-default", title: en("Visible") }, 1);
    const html = renderApp(page.data);
    expect(html).not.toContain("Invisible");
    expect(html).toContain("Visible");
  });

  test("a throwing widget shows its message in a dashed red box; the rest of the page renders", () => {
    const unregister = registerVariant("website-builder/widgets", "test-throws", () => {
      throw new Error("widget exploded");
    });
    try {
      const page = new PageBuilder();
      page.widget("website-builder", { variant: "test-throws" }, 0);
      page.widget("website-builder", { variant: "content-default", title: en("Still here") }, 1);
      const html = renderDocument(page.data, assets);
      expect(html).toMatch(
        /<div role="alert" data-widget-error="" style="border:2px dashed var\(--mantine-color-red-6\)[^"]*">[\s\S]*widget exploded/,
      );
      expect(textOf(html)).toContain("Still here");
      // The browser learns of the failure, so hydration renders the same box.
      expect(
        Object.values((embedded(html, "__SITE_STATE__") as { failures: Record<string, string> }).failures),
      ).toEqual(["widget exploded"]);
    } finally {
      unregister();
    }
  });

  test("layouts wrap the page: 'default' puts 'additional' widgets below, layout 'additional' goes after", () => {
    const page = new PageBuilder();
    const layout = page.add("host/layouts", { variant: "default", className: "frame" });
    page.link("host/pages-to-layouts", page.page, layout);
    const header = page.add("host/widgets", {});
    const footer = page.add("host/widgets", {});
    page.link("host/layouts-to-widgets", layout, footer, { variant: "additional", orderIndex: 0 });
    page.link("host/layouts-to-widgets", layout, header, { orderIndex: 1 });
    const show = (host: typeof header, title: string) => {
      const widget = page.add("website-builder/widgets", { variant: "content-default", title: en(title) });
      page.link("host/widgets-to-external-widgets", host, widget, {
        externalModule: "website-builder",
        externalWidgetId: widget.id,
      });
    };
    show(header, "HEADER");
    show(footer, "FOOTER");
    page.widget("website-builder", { variant: "content-default", title: en("BODY") });
    const trailing = page.add("host/layouts", { variant: "additional" });
    page.link("host/pages-to-layouts", page.page, trailing, { orderIndex: 1 });
    const cta = page.add("host/widgets", {});
    page.link("host/layouts-to-widgets", trailing, cta);
    show(cta, "TRAILING");
    const text = textOf(renderApp(page.data));
    expect(text.indexOf("HEADER")).toBeLessThan(text.indexOf("BODY"));
    expect(text.indexOf("BODY")).toBeLessThan(text.indexOf("TRAILING"));
    expect(text.indexOf("TRAILING")).toBeLessThan(text.indexOf("FOOTER"));
    expect(renderApp(page.data)).toContain('class="frame"');
  });
});

describe("renderErrorDocument", () => {
  test("the generic message and a Reload button", () => {
    const html = renderErrorDocument(assets);
    expect(textOf(html)).toContain("Oh no! Something went wrong... Reload");
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("<title>Oh no! Something went wrong...</title>");
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  test("a given message, in Russian", () => {
    const text = textOf(renderErrorDocument(assets, { message: "Database is down", language: "ru" }));
    expect(text).toContain("Database is down");
    expect(text).toContain("Перезагрузить");
  });

  test("inside the hosted /500 page when there is one", () => {
    const hosted = new PageBuilder({ path: "/500", page: { title: "Server error", url: "/500" } });
    hosted.widget("website-builder", { variant: "content-default", title: en("We will be right back") });
    const html = renderErrorDocument(assets, { hosted: hosted.data });
    const text = textOf(html);
    expect(text).toContain("We will be right back");
    expect(text).toContain("Oh no! Something went wrong...");
    expect(text).toContain("Reload");
    expect(html).toContain("<title>Server error</title>");
    // The variants the page rendered, for the browser to import before it hydrates.
    expect(embedded(html, "__SITE_STATE__")).toEqual({
      failures: {},
      error: { message: "" },
      variants: ["site/modules/host/widget-default.tsx", "site/modules/website-builder/widget-content-default.tsx"],
      // The site's languages travel with the page: the browser bundle has no list compiled in.
      languages: { list: ["en", "ru"], default: "en" },
    });
  });
});
