import { describe, expect, it } from "vitest";
import type { VersionChange } from "../../common/drafts/version-changes.js";
import { changeWords } from "../../web/admin/editorial/change-words.js";
import { editorialTexts } from "../../web/admin/editorial/editorial-texts.js";

// A version's changes put in the editor's words (web/admin/editorial/change-words.ts) in the admin's
// two languages: the block by its title or its variant's label, the field and language by name,
// removed text as `del` and added text as `ins` pieces.
const hero = { id: "h", region: "page", module: "website-builder", variant: "content-default", title: null };
const titled = { ...hero, title: { en: "Meet the team", ru: "Команда" } };
const context = { fieldLabel: () => undefined };
const words = (change: VersionChange, language: string) =>
  changeWords(change, editorialTexts(language), context)
    .map((p) => (p.kind === "same" ? p.text : `<${p.kind}>${p.text}</${p.kind}>`))
    .join("");

const cases: { change: VersionChange; en: string; ru: string }[] = [
  {
    change: {
      kind: "block-field",
      block: titled,
      field: "title",
      language: "en",
      before: "Meet the crew",
      after: "Meet the team",
    },
    en: "Meet the team → Title (English): ‘Meet the <del>crew</del>’ → ‘Meet the <ins>team</ins>’",
    ru: "Команда → Заголовок (английский): «Meet the <del>crew</del>» → «Meet the <ins>team</ins>»",
  },
  {
    change: {
      kind: "item-added",
      block: { ...hero, variant: "default" },
      item: { model: "website-builder/features", id: "f", title: { en: "Fast delivery", ru: "Быстрая доставка" } },
    },
    en: "Section: a card added ‘<ins>Fast delivery</ins>’",
    ru: "Раздел: карточка добавлена «<ins>Быстрая доставка</ins>»",
  },
  {
    change: { kind: "blocks-reordered", region: "page", blocks: [titled, { ...hero, variant: "default" }] },
    en: "Blocks reordered: Meet the team, Section",
    ru: "Новый порядок блоков: Команда, Раздел",
  },
  {
    change: { kind: "field", field: "description", language: "ru", before: "", after: "О нас" },
    en: "Description (Russian): — → ‘<ins>О нас</ins>’",
    ru: "Описание (русский): — → «<ins>О нас</ins>»",
  },
];

describe("a version's changes in words", () => {
  it.each(cases)("$en", ({ change, en, ru }) => {
    expect(words(change, "en")).toBe(en);
    expect(words(change, "ru-RU")).toBe(ru);
  });
});
