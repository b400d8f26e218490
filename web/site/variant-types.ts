import type { ComponentType } from "react";
import type { Row } from "./data/page-data.js";

/** What every variant component receives; page data comes from `useSite()`. */
export interface VariantProps {
  record: Row;
  /** The relation row that placed this record (orderIndex, its own variant and className). */
  relation?: Row;
}

export type Variant = ComponentType<VariantProps>;

/** A module's variants: model id ("blog/widgets") → variant name → component. */
export type ModuleVariants = Record<string, Record<string, Variant>>;
