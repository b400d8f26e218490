import { LANGUAGE_CODE } from "../../../../engine/schema/languages.js";
import { CHILD_KINDS, type ChildKind } from "../../../../common/site/block-catalogue.js";
import { UUID, inputSchema } from "../../../modules/input.js";

/** A text of a block: one string for every language, or texts by language ({ en, ru }). */
export type Texts = string | Record<string, string>;

export interface ItemInput {
  title: Texts;
  subtitle?: Texts;
  description?: Texts;
  url?: string;
  variant?: string;
}

/** What a new block holds: its texts, its own children (features, buttons, slides), and ids of records it shows. */
export type BlockContent = { title?: Texts; subtitle?: Texts; description?: Texts; anchor?: string } & Partial<
  Record<ChildKind, unknown[]>
>;

export interface NewBlock {
  module: string;
  variant: string;
  after?: string;
  content?: BlockContent;
}

const MAX_ITEMS = 100;
const TEXTS = {
  anyOf: [
    { type: "string", maxLength: 10_000 },
    {
      type: "object",
      maxProperties: 20,
      propertyNames: { pattern: LANGUAGE_CODE.source },
      additionalProperties: { type: "string", maxLength: 10_000 },
    },
  ],
  "x-message": "must be a text, or texts by language ({ en, ru })",
};
const VARIANT = { type: "string", minLength: 1, maxLength: 100 };
const item = (extra: Record<string, object>, required: string[] = ["title"]) => ({
  type: "array",
  maxItems: MAX_ITEMS,
  items: {
    type: "object",
    additionalProperties: false,
    properties: { title: TEXTS, subtitle: TEXTS, description: TEXTS, variant: VARIANT, ...extra },
    required,
  },
});
const ids = {
  type: "array",
  maxItems: MAX_ITEMS,
  uniqueItems: true,
  items: { ...UUID, "x-message": "must be a record's id" },
};

/** The kinds written from the content (features, buttons, slides) and the ones named by id. */
const kindSchemas: Record<ChildKind, object> = {
  features: item({}),
  buttons: item({ url: { type: "string", maxLength: 2000 } }, ["title", "url"]),
  slides: item({ url: { type: "string", maxLength: 2000 } }, []),
  logotypes: ids,
  files: ids,
  articles: ids,
  categories: ids,
  products: ids,
  stores: ids,
  forms: ids,
};

export const newBlockInput = inputSchema<NewBlock>({
  properties: {
    module: { type: "string", minLength: 1, maxLength: 100 },
    variant: VARIANT,
    after: { ...UUID, "x-message": "must be the id of a block of this page" },
    content: {
      type: "object",
      additionalProperties: false,
      properties: {
        title: TEXTS,
        subtitle: TEXTS,
        description: TEXTS,
        anchor: { type: "string", maxLength: 200 },
        ...Object.fromEntries(CHILD_KINDS.map((k) => [k, kindSchemas[k]])),
      },
    },
  },
  required: ["module", "variant"],
});

export const orderInput = inputSchema<{ ids: string[] }>({
  properties: { ids: { type: "array", maxItems: 1000, items: { ...UUID, "x-message": "must be a block's id" } } },
  required: ["ids"],
});

export const pageParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "must be a page's id" } },
  required: ["id"],
});
export const blockParams = inputSchema<{ id: string; blockId: string }>({
  properties: {
    id: { ...UUID, "x-message": "must be a page's id" },
    blockId: { ...UUID, "x-message": "must be a block's id" },
  },
  required: ["id", "blockId"],
});
export const languageQuery = inputSchema<{ language?: string }>({
  properties: { language: { type: "string", pattern: LANGUAGE_CODE.source } },
});

/** "Save as reusable block": the name editors find it by in the palette. */
export const reusableInput = inputSchema<{ title: string }>({
  properties: {
    title: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      pattern: "\\S",
      "x-message": "must be a name (1–200 characters)",
    },
  },
  required: ["title"],
});

/** A reusable block placed on a page: the shared host widget's id, at the end or after `after`. */
export interface ReusablePlacement {
  reusable: string;
  after?: string;
}
const placementInput = inputSchema<ReusablePlacement>({
  properties: {
    reusable: { ...UUID, "x-message": "must be a reusable block's id" },
    after: { ...UUID, "x-message": "must be the id of a block of this page" },
  },
  required: ["reusable"],
});

/** POST …/blocks: a reusable block's placement (`{ reusable }`), or a new block. */
export const addBlockInput = Object.assign(
  (value: unknown): NewBlock | ReusablePlacement =>
    value && typeof value === "object" && "reusable" in value ? placementInput(value) : newBlockInput(value),
  { schema: { anyOf: [placementInput.schema, newBlockInput.schema] } },
);
export const isPlacement = (body: NewBlock | ReusablePlacement): body is ReusablePlacement => "reusable" in body;
