import { describe, expect, it } from "vitest";
import { adminModels } from "../../engine/admin/admin-model.js";
import { richTextOf, versionDiff } from "../../engine/admin/version-diff.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";

const registry = loadRegistry(paths.schemas);
const models = new Map(adminModels(registry, { drafts: true }).map((m) => [m.id, m]));
const model = (id: string) => models.get(id)!;

const doc = (...paragraphs: string[]) =>
  JSON.stringify({
    type: "doc",
    content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
  });

// The History drawer's comparison of a version with the working copy (web/admin/editorial/history-drawer.tsx).
describe("a version compared with the working copy", () => {
  it("lists a language map per language, and only the languages that differ", () => {
    const before = { adminTitle: "Hero", title: { en: "Old title", ru: "Заголовок" }, slug: "hero" };
    const after = { adminTitle: "Hero", title: { en: "New title", ru: "Заголовок" }, slug: "hero" };
    expect(versionDiff(model("website-builder/slides"), before, after)).toEqual([
      { field: "title", label: "Title (en)", before: "Old title", after: "New title" },
    ]);
  });

  it("shows rich text as its text, not the editor's document", () => {
    const before = { description: { en: doc("Great shoes", "Second line"), ru: "" } };
    const after = { description: { en: doc("Great boots"), ru: "" } };
    const [line, ...rest] = versionDiff(model("ecommerce/products"), before, after);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      field: "description",
      label: "Description (en)",
      before: "Great shoes\nSecond line",
      after: "Great boots",
    });
  });

  it("says nothing for equal records, compares plain fields as text and skips server-kept ones", () => {
    const row = {
      id: "a",
      adminTitle: "Same",
      slug: "same",
      updatedAt: "2026-01-01T00:00:00.000Z",
      title: { en: "T" },
    };
    expect(
      versionDiff(model("website-builder/slides"), row, { ...row, updatedAt: "2026-02-02T00:00:00.000Z" }),
    ).toEqual([]);
    expect(versionDiff(model("website-builder/slides"), row, { ...row, slug: "other" })).toEqual([
      { field: "slug", label: "Slug", before: "same", after: "other" },
    ]);
    expect(versionDiff(model("website-builder/slides"), { ...row, url: null }, { ...row, url: "/blog" })).toEqual([
      { field: "url", label: "Url", before: "", after: "/blog" },
    ]);
  });

  it("reads older plain-text rich text and hard breaks", () => {
    expect(richTextOf("plain words")).toBe("plain words");
    expect(richTextOf("")).toBe("");
    expect(
      richTextOf(
        JSON.stringify({
          type: "doc",
          content: [
            {
              type: "paragraph",
              content: [{ type: "text", text: "a" }, { type: "hardBreak" }, { type: "text", text: "b" }],
            },
          ],
        }),
      ),
    ).toBe("a\nb");
  });
});
