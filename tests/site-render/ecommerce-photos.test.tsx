import { describe, expect, test } from "vitest";
import { en, PageBuilder, renderApp } from "./fixtures.js";

const MAIN = "/public/files/11111111-1111-4111-8111-111111111111.jpg";
const SECOND = "/public/files/22222222-2222-4222-8222-222222222222.png";
const ATTACHED = "/public/files/33333333-3333-4333-8333-333333333333.png";
const VASE = "/public/files/44444444-4444-4444-8444-444444444444.webp";

/** A mug with two photos (the first the main one) and a generated attachment, shown as a card in a list or as its page. */
function mugPage(language: "en" | "ru", view: "card" | "page") {
  const page = new PageBuilder({ language });
  const mug = page.add("ecommerce/products", {
    slug: "mug",
    title: en("Mug", "Кружка"),
    shortDescription: en("A mug"),
    description: {},
  });
  const main = page.add("file-storage/files", {
    adminTitle: "mug-front.jpg",
    file: MAIN,
    mimeType: "image/jpeg",
    width: 1600,
    height: 1200,
    alt: { en: "A blue mug", ru: "Синяя кружка" },
  });
  const second = page.add("file-storage/files", {
    adminTitle: "mug-side.png",
    file: SECOND,
    mimeType: "image/png",
    width: 800,
    height: 600,
    alt: { en: "The mug from the side" },
  });
  const attachment = page.add("file-storage/files", {
    adminTitle: "Mug card",
    file: ATTACHED,
    mimeType: "image/png",
    width: 1200,
    height: 1200,
    alt: {},
  });
  page.link("ecommerce/products-to-file-storage-module-files", mug, attachment, {
    orderIndex: 0,
    variant: "attachment-default",
  });
  page.link("ecommerce/products-to-file-storage-module-files", mug, main, { orderIndex: 1 });
  page.link("ecommerce/products-to-file-storage-module-files", mug, second, { orderIndex: 2 });
  if (view === "page") {
    page.segment("ecommerce.products.slug", "mug");
    page.widget("ecommerce", { variant: "product-overview-default" });
  } else {
    // A second card, further down the list: its photo waits until it scrolls near.
    const vase = page.add("ecommerce/products", {
      slug: "vase",
      title: en("Vase", "Ваза"),
      shortDescription: en("A vase"),
      description: {},
    });
    page.link(
      "ecommerce/products-to-file-storage-module-files",
      vase,
      page.add("file-storage/files", {
        adminTitle: "vase.webp",
        file: VASE,
        mimeType: "image/webp",
        width: 1000,
        height: 1000,
        alt: { en: "A vase", ru: "Ваза" },
      }),
    );
    page.widget("ecommerce", { variant: "product-list-default" });
    page.list("ecommerce/products", [mug, vase]);
  }
  return renderApp(page.data);
}

const imgs = (html: string) =>
  [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes("/public/files/"));
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const CARD_SIZES = "(min-width: 75em) 25vw, (min-width: 48em) 50vw, 100vw";
const srcset = (src: string, widths: number[], own: number) =>
  [...widths.map((w) => `${src}?w=${w} ${w}w`), `${src} ${own}w`].join(", ");

/** The rendered (server-side) HTML's product photos: srcset from the resized widths, width and height, lazy below the fold, alt in the page's language. */
describe.each([
  // view, language, photos shown: [src, srcset, sizes, width, height, loading, fetchpriority, alt]
  [
    "page",
    "en",
    [
      [
        MAIN,
        srcset(MAIN, [320, 640, 960, 1280], 1600),
        "(min-width: 62em) 50vw, 100vw",
        "1600",
        "1200",
        "eager",
        "high",
        "A blue mug",
      ],
      [
        SECOND,
        srcset(SECOND, [320, 640], 800),
        "(min-width: 62em) 50vw, 100vw",
        "800",
        "600",
        "lazy",
        undefined,
        "The mug from the side",
      ],
    ],
  ],
  [
    "page",
    "ru",
    [
      [
        MAIN,
        srcset(MAIN, [320, 640, 960, 1280], 1600),
        "(min-width: 62em) 50vw, 100vw",
        "1600",
        "1200",
        "eager",
        "high",
        "Синяя кружка",
      ],
      // No Russian text: the default language's rather than none.
      [
        SECOND,
        srcset(SECOND, [320, 640], 800),
        "(min-width: 62em) 50vw, 100vw",
        "800",
        "600",
        "lazy",
        undefined,
        "The mug from the side",
      ],
    ],
  ],
  // The first card is in the first screen: its photo is fetched at once, the next card's lazily.
  [
    "card",
    "en",
    [
      [MAIN, srcset(MAIN, [320, 640, 960, 1280], 1600), CARD_SIZES, "1600", "1200", "eager", "high", "A blue mug"],
      [VASE, srcset(VASE, [320, 640, 960], 1000), CARD_SIZES, "1000", "1000", "lazy", undefined, "A vase"],
    ],
  ],
  [
    "card",
    "ru",
    [
      [MAIN, srcset(MAIN, [320, 640, 960, 1280], 1600), CARD_SIZES, "1600", "1200", "eager", "high", "Синяя кружка"],
      [VASE, srcset(VASE, [320, 640, 960], 1000), CARD_SIZES, "1000", "1000", "lazy", undefined, "Ваза"],
    ],
  ],
] as const)("product %s in %s", (view, language, photos) => {
  const html = mugPage(language, view);
  const tags = imgs(html);

  test("shows the photos in their order, the main one first, and not the attachment", () => {
    expect(tags.map((tag) => attr(tag, "src"))).toEqual(photos.map((p) => p[0]));
  });

  test.each(photos.map((p, i) => [i, ...p] as const))(
    "photo %i: srcset, sizes, width, height, loading and alt",
    (i, _src, set, sizes, width, height, loading, priority, alt) => {
      const tag = tags[i]!;
      expect(attr(tag, "srcset")).toBe(set);
      expect(attr(tag, "sizes")).toBe(sizes);
      expect([attr(tag, "width"), attr(tag, "height")]).toEqual([width, height]);
      expect(attr(tag, "loading")).toBe(loading);
      expect(attr(tag, "fetchpriority")).toBe(priority);
      expect(attr(tag, "alt")).toBe(alt);
    },
  );
});
