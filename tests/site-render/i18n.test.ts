import { describe, expect, test } from "vitest";
import { languageOfPath, stripLanguage, withLanguage } from "../../common/i18n/languages.js";
import { buttonLink, logotypeHref, recordHref, slideHref } from "../../web/site/i18n/links.js";
import { text } from "../../common/i18n/text.js";
import { uiStrings } from "../../web/site/i18n/ui-strings.js";

describe("language prefixes", () => {
  test.each([
    ["/", "en", "/"],
    ["/ru", "ru", "/"],
    ["/ru/", "ru", "/"],
    ["/ru/blog/articles/a", "ru", "/blog/articles/a"],
    ["/en/about", "en", "/about"],
    ["/rus/x", "en", "/rus/x"],
    ["/blog", "en", "/blog"],
  ])("stripLanguage(%s) → %s %s", (path, language, rest) => {
    expect(stripLanguage(path)).toEqual({ language, path: rest });
  });

  test.each([
    ["/", "en", "/"],
    ["/", "ru", "/ru"],
    ["/about", "ru", "/ru/about"],
    ["about", "en", "/about"],
  ] as const)("withLanguage(%s, %s) → %s", (path, language, expected) => {
    expect(withLanguage(path, language)).toBe(expected);
  });

  test("languageOfPath only reads a whole first segment", () => {
    expect(languageOfPath("/ru?x=1")).toBe("ru");
    expect(languageOfPath("/russia")).toBeUndefined();
    expect(languageOfPath("ru/x")).toBeUndefined();
  });
});

describe("text of a language map", () => {
  test("the language, then English, then any", () => {
    expect(text({ en: "Hello", ru: "Привет" }, "ru")).toBe("Привет");
    expect(text({ en: "Hello", ru: "" }, "ru")).toBe("Hello");
    expect(text({ de: "Hallo" }, "ru")).toBe("Hallo");
    expect(text(undefined, "en")).toBe("");
    expect(text({}, "en")).toBe("");
  });
});

describe("the site's link rules", () => {
  test.each([
    ["https://example.com/x", "ru", "https://example.com/x", true],
    ["mailto:hi@example.com", "en", "mailto:hi@example.com", true],
    ["/about", "ru", "/ru/about", false],
    ["/about", "en", "/about", false],
    ["/ru/about", "ru", "/ru/about", false],
    ["/en/about", "ru", "/en/about", false],
    ["", "ru", "/", false],
    [undefined, "en", "/", false],
  ] as const)("button %s in %s → %s (new tab %s)", (url, language, href, newTab) => {
    expect(buttonLink(url, language)).toEqual({ href, newTab });
  });

  test.each([
    ["/sale", "ru", "/ru/sale"],
    ["/sale", "en", "/sale"],
    ["/ru/sale", "ru", "/ru/sale"],
    ["https://x.io", "ru", "https://x.io"],
    ["", "ru", undefined],
    [undefined, "en", undefined],
  ] as const)("slide %s in %s → %s", (url, language, href) => {
    expect(slideHref(url, language)).toBe(href);
  });

  test.each([
    ["https://brand.example", "ru", "https://brand.example"],
    ["http://brand.example", "en", "http://brand.example"],
    ["/ru", "en", "/ru"],
    ["/en", "ru", "/"],
    ["/", "ru", "/ru"],
    ["", "ru", "/ru"],
    ["", "en", "/"],
    ["/about", "ru", "/ru/about"],
    ["/about", "en", "/about"],
  ] as const)("logotype %s in %s → %s", (url, language, href) => {
    expect(logotypeHref(url, language)).toBe(href);
  });

  test("record pages are language-prefixed and slug-encoded", () => {
    expect(recordHref("/blog/articles", "hello world", "ru")).toBe("/ru/blog/articles/hello%20world");
    expect(recordHref("/ecommerce/products", "shoe", "en")).toBe("/ecommerce/products/shoe");
  });
});

test("every UI string has a real Russian translation", () => {
  for (const [key, english] of Object.entries(uiStrings.en)) {
    const russian = uiStrings.ru[key as keyof typeof uiStrings.en];
    expect(russian, key).toBeTruthy();
    expect(russian, key).not.toBe(english);
    expect(russian, key).toMatch(/[а-яё]/i);
  }
});
