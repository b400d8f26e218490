import { describe, expect, it } from "vitest";
import { listedModel } from "../../server/site/list-variants.js";
import { findVariantEntry } from "../../web/site/variants.js";

// A stored row's variant is anyone's text: the registries answer their own keys only, never
// what every object inherits (a "constructor" variant is no variant, and lists nothing).
const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];

describe("registries keyed by a row's variant find own keys only", () => {
  it.each(INHERITED)("the variant %s has no component and lists no model", (name) => {
    for (const model of [
      "host/widgets",
      "blog/widgets",
      "ecommerce/widgets",
      "website-builder/widgets",
      "host/pages",
    ]) {
      expect({ model, entry: findVariantEntry(model, name) }).toEqual({ model, entry: undefined });
      expect({ model, listed: listedModel(model, name) }).toEqual({ model, listed: undefined });
    }
    expect(findVariantEntry(name, "default")).toBeUndefined();
  });

  it("still finds the registered ones", () => {
    expect(findVariantEntry("website-builder/widgets", "default")).toBeDefined();
    expect(listedModel("blog/widgets", "article-list-default")).toBe("blog/articles");
  });
});
