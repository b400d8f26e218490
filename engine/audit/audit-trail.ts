import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type QueryCreator,
  type RawBuilder,
} from "kysely";
import type { AnyModelDb, DynamicTables } from "../query/any-model-db.js";
import { jsonParam } from "../query/json-param.js";
import type { Model } from "../schema/model.js";
import { changesBetween, comparedFields, comparedValues, shortenedChanges } from "./audit-changes.js";
import { currentActor, type WriteActor } from "./write-actor.js";

/** The model of the entries (schemas/admin/audit-entries.json). */
export const AUDIT_MODEL = "admin/audit-entries";

/** What a repository's write did to its rows. */
export type WriteAction = "create" | "update" | "delete";

/**
 * Where a statement's rows are, by the names of its common table expressions: `after` the rows
 * as written (RETURNING every field), `before` as they were (a delete's RETURNING, an update's
 * locked read). A create has only `after`, a delete only `before`.
 */
export interface AuditedRows {
  before?: string;
  after?: string;
}

/** An entry written by hand: a publish, a sign-in, a refund. Actor fields given here win over the request's. */
export interface AuditEvent {
  model?: string | null;
  recordId?: string | null;
  action: string;
  changes?: Record<string, unknown> | null;
  actor?: Partial<WriteActor>;
}

/** The entries' columns an INSERT names, in the order of `actorValues` then the write's own. */
const COLUMNS = ["via", "subjectId", "apiKeyId", "address", "userAgent", "model", "recordId", "action", "changes"];

/** Compiles SQL text without a database (the entries' text is the same on PGlite and a server). */
const COMPILER = new Kysely<DynamicTables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A request may send a long User-Agent: an entry keeps its first characters. */
const USER_AGENT_MAX = 400;

/**
 * The audit log (docs/audit.md): each write of an audited repository adds its entries in the same
 * statement (a data-modifying common table expression reading the rows it wrote), so a write and
 * its entry are committed or rolled back together and cost no extra round trip. Events that are
 * no write of a record (publish, sign-in) are added with `record`, in the caller's transaction.
 */
export class AuditTrail {
  /**
   * `table`: the entries' SQL table; `audited`: the models whose writes are recorded, by id (a
   * repository deleting the records another model's records own asks for theirs).
   */
  constructor(
    readonly table: string,
    private readonly audited: ReadonlyMap<string, Model>,
  ) {}

  /** The model `id` when its writes are audited. */
  modelOf(id: string): Model | undefined {
    return this.audited.get(id);
  }

  /** The actor of the work running now as a statement binds it (COLUMNS' first five). */
  actorValues(): unknown[] {
    const a = currentActor();
    return [a.via, a.subjectId, a.apiKeyId, a.address, a.userAgent?.slice(0, USER_AGENT_MAX) ?? null];
  }

  /**
   * The INSERT of one entry per row the statement wrote: `actor` stands for actorValues (its
   * values, or the Params standing for them in a statement built once per shape). `written`: the
   * fields a create or an update sets (its columns), the only ones its entry compares; a field it
   * does not write cannot have changed (a create's other fields are the table's own defaults).
   * A delete's entry lists every field the row had.
   */
  entries(
    db: QueryCreator<DynamicTables>,
    model: Model,
    action: WriteAction,
    rows: AuditedRows,
    actor: unknown[],
    written?: Iterable<string>,
  ) {
    const [via, subject, key, address, agent] = actor;
    // Raw: the entries are SELECTed from the statement's own written rows (audit-changes.ts).
    return db
      .insertInto(this.table)
      .columns(COLUMNS)
      .expression(
        sql`SELECT ${via}::text, ${subject}::uuid, ${key}::uuid, ${address}::text, ${agent}::text, ${this.rest(model, action, rows, written)}`,
      );
  }

  private readonly texts = new Map<string, RawBuilder<unknown>>();

  /**
   * The rest of an entries SELECT (the model, record, action and changes, FROM the written rows):
   * SQL text compiled once per model, action and rows' names, as it binds no value. A write that
   * is not one cached statement (an update, a bulk write) builds its query on every call, and
   * the changes' expression over every field would cost more to compile than the write itself.
   * Only the fields written are compared: PostgreSQL prepares every part of the expression for
   * each execution, so a dozen fields' comparisons cost a create a third more than its insert,
   * the one or two a save writes almost nothing.
   */
  private rest(model: Model, action: WriteAction, rows: AuditedRows, written?: Iterable<string>): RawBuilder<unknown> {
    const only = written && action !== "delete" ? new Set(written) : undefined;
    const key = `${model.id}|${action}|${rows.before ?? ""}|${rows.after ?? ""}|${only ? [...only].sort().join(",") : "*"}`;
    let text = this.texts.get(key);
    if (!text) {
      const fields = comparedFields(model, only);
      // n_v and o_v: the written and the old rows' compared values, each computed once; ch: the
      // changes, computed once and then shortened only when they are long enough to need it.
      const laterals: RawBuilder<unknown>[] = [];
      if (rows.after && fields.length) laterals.push(comparedValues(fields, "n", "n_v"));
      if (rows.before && fields.length) laterals.push(comparedValues(fields, "o", "o_v"));
      const changes = changesBetween(fields, rows.before ? "o_v" : undefined, rows.after ? "n_v" : undefined);
      laterals.push(sql`CROSS JOIN LATERAL (SELECT ${changes} AS c OFFSET 0) AS ch`);
      const from =
        rows.after && rows.before
          ? sql`${sql.table(rows.after)} AS n JOIN ${sql.table(rows.before)} AS o ON o.id = n.id`
          : sql`${sql.table((rows.after ?? rows.before)!)} AS ${sql.raw(rows.after ? "n" : "o")}`;
      const id = sql.ref(rows.after ? "n.id" : "o.id");
      const compiled =
        sql`${sql.lit(model.id)}::text, ${id}::text, ${sql.lit(action)}::text, ${shortenedChanges(sql.ref("ch.c"))}
          FROM ${from} ${sql.join(laterals, sql` `)}`.compile(COMPILER);
      if (compiled.parameters.length > 0) throw new Error("an audit entry's SQL binds no value");
      text = sql.raw(compiled.sql);
      this.texts.set(key, text);
    }
    return text;
  }

  /** Entries of events (not a record's write), in one INSERT on `db`: the caller's transaction. */
  async record(db: AnyModelDb, events: AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    const actor = currentActor();
    await db
      .insertInto(this.table)
      .values(
        events.map((e) => {
          const who = { ...actor, ...e.actor };
          return {
            via: who.via,
            subjectId: who.subjectId,
            apiKeyId: who.apiKeyId,
            address: who.address,
            userAgent: who.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
            model: e.model ?? null,
            recordId: e.recordId ?? null,
            action: e.action,
            changes: e.changes ? jsonParam(e.changes) : null,
          };
        }),
      )
      .execute();
  }
}
