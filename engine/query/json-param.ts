import { sql, type RawBuilder } from "kysely";

/**
 * A value for a jsonb column, sent as its JSON text (a plain `$n` parameter, nothing added to the
 * SQL): the pg driver would send a JavaScript array as a PostgreSQL array literal, which jsonb
 * refuses, while text reads the same on pg and PGlite. Typed as the value it stands for, so a
 * typed query checks it against the column.
 */
export const jsonParam = <T>(value: T): RawBuilder<T> => sql<T>`${JSON.stringify(value)}`;
