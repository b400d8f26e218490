import type {
  BlockRef,
  FieldChange,
  LanguageMap,
  RecordRef,
  VersionChange,
} from "../../../common/drafts/version-changes.js";
import { blockCatalogue } from "../../../common/site/block-catalogue.js";
import { richTextOf } from "../../../engine/admin/version-diff.js";
import type { EditorialTexts } from "./editorial-texts.js";
import { wordDiff, type Piece } from "./word-diff.js";

/** What the words need beyond the texts: a field's label from the admin's models (by model id), if it has one. */
export interface WordsContext {
  fieldLabel(model: string | null, field: string): string | undefined;
}

/** A language map's text in the admin's language, else English, else any. */
const textIn = (map: LanguageMap | null | undefined, language: string): string => {
  if (!map) return "";
  return (
    map[language]?.trim() ||
    map.en?.trim() ||
    Object.values(map)
      .find((v) => v?.trim())
      ?.trim() ||
    ""
  );
};

/** A stored value as a person reads it: a rich-text document as its text, anything else as it is. */
function readable(value: string): string {
  if (!value.trim().startsWith("{")) return value;
  try {
    const parsed = JSON.parse(value) as { type?: unknown };
    return parsed && parsed.type === "doc" ? richTextOf(value) : value;
  } catch {
    return value;
  }
}

/** A block's name as the composer gives it (use-composer.ts nameOf): its title, else its variant's label, else the variant. */
export function blockName(block: BlockRef, t: EditorialTexts): string {
  const variant = block.module && block.variant ? blockCatalogue[block.module]?.[block.variant] : undefined;
  return (
    textIn(block.title, t.language) ||
    (variant ? textIn(variant.label, t.language) : "") ||
    block.variant ||
    t.recordKinds["host/widgets"]!
  );
}

const recordName = (record: RecordRef, t: EditorialTexts) => textIn(record.title, t.language);

const plain = (text: string): Piece => ({ text, kind: "same" });

/** "Title (English): ‘Meet the <del>crew</del>’ → ‘Meet the <ins>team</ins>’": the field, its language, both texts marked. */
function fieldWords(model: string | null, change: FieldChange, t: EditorialTexts, context: WordsContext): Piece[] {
  const label = t.fieldLabels[change.field] ?? context.fieldLabel(model, change.field) ?? change.field;
  const language = change.language ? ` (${t.languageNames[change.language] ?? change.language})` : "";
  const { before, after } = wordDiff(readable(change.before), readable(change.after));
  const quoted = (pieces: Piece[]) =>
    pieces.length ? [plain(t.quoteOpen), ...pieces, plain(t.quoteClose)] : [plain(t.empty)];
  return [plain(`${label}${language}: `), ...quoted(before), plain(" → "), ...quoted(after)];
}

/** One change in the editor's words, as pieces: plain text, and the removed (`del`) and added (`ins`) text. */
export function changeWords(change: VersionChange, t: EditorialTexts, context: WordsContext): Piece[] {
  const quote = (text: string, kind: Piece["kind"]): Piece[] =>
    text ? [plain(t.quoteOpen), { text, kind }, plain(t.quoteClose)] : [];
  switch (change.kind) {
    case "field":
      return fieldWords(null, change, t, context);
    case "block-added":
    case "block-removed":
      return [
        plain(change.kind === "block-added" ? t.blockAdded : t.blockRemoved),
        ...quote(blockName(change.block, t), change.kind === "block-added" ? "ins" : "del"),
      ];
    case "blocks-reordered":
      return [
        plain(change.region === "page" ? t.blocksReordered : t.layoutBlocksReordered),
        plain(change.blocks.map((b) => blockName(b, t)).join(", ")),
      ];
    case "block-field":
      return [
        plain(`${blockName(change.block, t)} → `),
        ...fieldWords(change.block.module && `${change.block.module}/widgets`, change, t, context),
      ];
    case "item-added":
    case "item-removed": {
      const kind = t.itemKinds[change.item.model] ?? t.itemKinds.other!;
      return [
        plain(`${blockName(change.block, t)}: ${kind.one} ${change.kind === "item-added" ? t.added : t.removed} `),
        ...quote(recordName(change.item, t), change.kind === "item-added" ? "ins" : "del"),
      ];
    }
    case "item-field": {
      const name = recordName(change.item, t) || (t.itemKinds[change.item.model] ?? t.itemKinds.other!).one;
      return [
        plain(`${blockName(change.block, t)} → ${name} → `),
        ...fieldWords(change.item.model, change, t, context),
      ];
    }
    case "items-reordered": {
      const kind = t.itemKinds[change.model] ?? t.itemKinds.other!;
      return [
        plain(`${blockName(change.block, t)}: ${t.reordered(kind.many)}`),
        plain(change.items.map((i) => recordName(i, t) || kind.one).join(", ")),
      ];
    }
    case "layout-added":
    case "layout-removed":
      return [
        plain(change.kind === "layout-added" ? t.layoutAdded : t.layoutRemoved),
        ...quote(
          recordName(change.layout, t) || t.recordKinds["host/layouts"]!,
          change.kind === "layout-added" ? "ins" : "del",
        ),
      ];
    case "record-added":
    case "record-removed": {
      const kind = t.recordKinds[change.record.model] ?? change.record.model;
      return [
        plain(`${kind}: ${change.kind === "record-added" ? t.added : t.removed} `),
        ...quote(recordName(change.record, t), change.kind === "record-added" ? "ins" : "del"),
      ];
    }
    case "record-field": {
      const kind = t.recordKinds[change.record.model] ?? change.record.model;
      const name = recordName(change.record, t);
      return [
        plain(`${kind}${name ? ` ${t.quoteOpen}${name}${t.quoteClose}` : ""} → `),
        ...fieldWords(change.record.model, change, t, context),
      ];
    }
  }
}
