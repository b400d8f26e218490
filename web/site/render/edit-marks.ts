import { createElement, type ReactNode } from "react";
import type { Row } from "../../../common/site/page-data.js";
import { useSite } from "./use-site.js";

type Mark = Record<`data-edit-${string}`, string>;
const NONE: Mark = {};

/**
 * The marks a preview's blocks and texts carry for the page composer (docs/site.md, "Editing on
 * the preview"): `data-edit-block` on a block's outermost element (its module widget's id), and
 * `data-edit-text="{record id}:{field}"` on the element whose whole content is that field's text
 * in the page's language. The composer selects the block a click lands in, edits a marked text in
 * place and writes the panel's typing straight into it. A visitor's page has none of them.
 */
export function useEditMarks(): EditMarks {
  const { editing } = useSite();
  if (!editing) return { block: () => NONE, text: () => NONE, inner: (_record, _field, shown) => shown };
  const text = (record: Row, field: string): Mark => ({ "data-edit-text": `${String(record.id)}:${field}` });
  return {
    block: (record) => ({ "data-edit-block": String(record.id) }),
    text,
    inner: (record, field, shown) => createElement("span", text(record, field), shown),
  };
}

interface EditMarks {
  block(record: Row): Mark;
  text(record: Row, field: string): Mark;
  /** The text in a marked <span> of its own, for a component whose element holds more than the text (a button's label, a badge's). */
  inner(record: Row, field: string, shown: ReactNode): ReactNode;
}
