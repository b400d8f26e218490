import { describe, expect, test } from "vitest";
import { renderDocument } from "../../web/site/render/render-document.js";
import { useSite } from "../../web/site/render/use-site.js";
import type { VariantProps } from "../../web/site/variant-types.js";
import { findVariantEntry, registerVariant } from "../../web/site/variants.js";
import { en, PageBuilder, textOf } from "./fixtures.js";

/**
 * docs/extending.md "Adding a variant": a variant that exists only in this test, registered the
 * way a test or plug-in adds one (registerVariant), renders on a page through the server's
 * document render like a variant listed in a module's index.ts, and is gone once taken out.
 */
const assets = { scripts: ["/static/assets/site-abc.js"], styles: ["/static/assets/site-abc.css"] };

/** Reads the page's rows through useSite() like a real variant: the widget's linked articles. */
function FixtureArticleCount({ record }: VariantProps) {
  const site = useSite();
  const articles = site.related("blog/widgets-to-articles", record.id);
  return (
    <p data-fixture-variant="">
      {`Fixture ${record.slug}: ${articles.length} articles, first ${articles[0]?.record.slug ?? "none"}`}
    </p>
  );
}

/** A page with the fixture's widget (two linked articles) and an ordinary widget after it. */
function pageWithFixtureWidget() {
  const page = new PageBuilder();
  const widget = page.widget("blog", { variant: "fixture-article-count", slug: "counted" }, 0);
  page.link("blog/widgets-to-articles", widget, page.add("blog/articles", { slug: "second", title: en("Second") }), {
    orderIndex: 1,
  });
  page.link("blog/widgets-to-articles", widget, page.add("blog/articles", { slug: "first", title: en("First") }), {
    orderIndex: 0,
  });
  page.widget("website-builder", { variant: "content-default", title: en("Still here") }, 1);
  return page;
}

describe("a fixture variant registered at run time", () => {
  test("renders on the page a record whose variant names it, with the page's rows", () => {
    const unregister = registerVariant("blog/widgets", "fixture-article-count", FixtureArticleCount);
    try {
      const html = renderDocument(pageWithFixtureWidget().data, assets);
      expect(html).toContain("data-fixture-variant");
      expect(textOf(html)).toContain("Fixture counted: 2 articles, first first");
      expect(textOf(html)).toContain("Still here");
    } finally {
      unregister();
    }
  });

  test("once unregistered, the same record renders nothing (an unknown variant) and the rest of the page renders", () => {
    registerVariant("blog/widgets", "fixture-article-count", FixtureArticleCount)();
    expect(findVariantEntry("blog/widgets", "fixture-article-count")).toBeUndefined();
    // The module's own variants stay: unregistering takes out only the fixture.
    expect(findVariantEntry("blog/widgets", "article-list-default")).toBeDefined();
    const html = renderDocument(pageWithFixtureWidget().data, assets);
    expect(html).not.toContain("data-fixture-variant");
    expect(textOf(html)).not.toContain("Fixture counted");
    expect(textOf(html)).toContain("Still here");
  });
});
