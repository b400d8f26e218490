import type { InsertQueryBuilder, QueryCreator } from "kysely";
import type { Param } from "./statement-cache.js";
import type { DynamicTables } from "./any-model-db.js";

/** The name under which a companion insert reads the row its create wrote. */
export const CREATED = "created";

/**
 * A second INSERT that goes with a single create in the same statement (a data-modifying
 * common table expression): it reads the new row, every column, as `created`. One statement
 * is atomic by itself, so the pair needs no transaction and costs one round trip — how a
 * drafted record's first version is kept (server/drafts/version-history.ts).
 */
export interface CompanionInsert {
  /** Names the statement's shape for the statement cache (with the create's columns). */
  shape: string;
  /** Values the statement binds; `build` gets a Param standing for each, in this order. */
  values: unknown[];
  /** Built once per shape. */
  build(db: QueryCreator<DynamicTables>, params: Param[]): InsertQueryBuilder<DynamicTables, string, any>;
}
