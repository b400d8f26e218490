import { identifier } from "../sql/identifiers.js";
import type { Field, Model } from "./model.js";

/** The column a published row carries beside the working copy's: when it was last published. */
export const PUBLISHED_AT = "publishedAt";

const publishedAtField: Field = {
  name: PUBLISHED_AT,
  schema: { type: "string", format: "date-time", readOnly: true },
  kind: "date-time",
  column: "timestamptz",
  required: true,
  generated: "now",
  unique: false,
  index: false,
  search: false,
  hidden: false,
  readOnly: true,
  titles: { ru: "Опубликовано" },
};

/**
 * The published copy of an x-drafts model: a table of its own with the same columns (plus
 * publishedAt), the same unique constraints and indexes, so every read a visitor makes — lists,
 * filters, counts, find-by-url — is the very query the working copy answers, on other rows. Its
 * table has no foreign keys (snapshot.ts leaves them out): publishing copies whole trees in any
 * order, and a published row may outlive its working copy until its removal is published.
 */
export function publishedModelOf(model: Model): Model {
  const fields = [...model.fields, publishedAtField];
  return {
    ...model,
    table: identifier(`${model.table}__published`),
    fields,
    fieldMap: new Map(fields.map((f) => [f.name, f])),
    embed: [],
    owned: [],
    ownsChild: false,
    published: undefined,
  };
}

/** The table visitors read a model from: its published copy's for an x-drafts model, else its own. */
export const publishedTable = (model: Model): string => model.published?.table ?? model.table;
