import type { Kysely, Transaction } from "kysely";

/**
 * The tables a generic query sees: any table, any column. Code that builds its queries for any
 * model from the model's metadata (repositories, list queries, publishing, snapshots, trees)
 * names tables and columns by runtime strings, which no static type can check; a query that
 * names one model's table uses the typed form (model-tables.ts) instead.
 *
 * It is open rather than `unknown`-valued on purpose: Kysely compares instances by their
 * database type, and only with `any` columns does a typed instance (Kysely<ModelTables>, or the
 * transaction runTransaction hands out) still pass where generic code takes one.
 */
export type DynamicTables = Record<string, Record<string, any>>;

/**
 * The database, or a transaction, for generic queries over any model (see DynamicTables). A
 * transaction is named too: a typed transaction passes only as a Transaction.
 */
export type AnyModelDb = Kysely<DynamicTables> | Transaction<DynamicTables>;
