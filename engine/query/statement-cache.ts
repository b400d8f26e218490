import { CompiledQuery, type Compilable, type RawBuilder } from "kysely";
import type { AnyModelDb } from "./any-model-db.js";

/** Stands where a value goes while a statement is built once for its shape. */
export class Param {
  constructor(readonly index: number) {}
}

interface Statement {
  sql: string;
  /** Per compiled parameter: the index of the value to bind, or a constant kept as it is. */
  slots: (number | { constant: unknown })[];
}

/**
 * SQL text built once per query shape (which columns, methods and list lengths; not the
 * values), so a request only binds its values instead of building and compiling a query.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  /** The SQL and parameters for `values`, building the statement with `build` on first use of `shape`. */
  bind(shape: string, values: readonly unknown[], build: () => Compilable): { sql: string; parameters: unknown[] } {
    let statement = this.statements.get(shape);
    if (!statement) {
      const compiled = build().compile();
      statement = {
        sql: compiled.sql,
        slots: compiled.parameters.map((p) => (p instanceof Param ? p.index : { constant: p })),
      };
      // Shapes come from schema names, methods and small list lengths: bounded, but keep it so.
      if (this.statements.size > 5000) this.statements.clear();
      this.statements.set(shape, statement);
    }
    return {
      sql: statement.sql,
      parameters: statement.slots.map((s) => (typeof s === "number" ? values[s] : s.constant)),
    };
  }

  /** Runs on `db` (a transaction's too) the statement of `shape` with the values `params` collected; `build` uses their stand-ins. */
  async run<T>(
    db: AnyModelDb,
    shape: string,
    params: Params,
    build: () => Compilable | RawBuilder<unknown>,
  ): Promise<T[]> {
    // A raw sql`` template compiles against a database; a query builder knows its own (and ignores the argument).
    const { sql, parameters } = this.bind(shape, params.values, () => {
      const built = build();
      return { compile: () => (built as RawBuilder<unknown>).compile(db) };
    });
    return (await db.executeQuery<T>(CompiledQuery.raw(sql, parameters))).rows;
  }
}

/**
 * The Param for each index, made once: a Param only says which value it stands for, so every
 * statement's n-th value shares one (a request binds its values without making any).
 */
const PARAMS: Param[] = [];

/** The Param standing for the statement's value at `index`. */
export const paramAt = (index: number): Param => (PARAMS[index] ??= new Param(index));

/** Collects values in order and hands out the Param that stands for each. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): Param {
    return paramAt(this.values.push(value) - 1);
  }
}
