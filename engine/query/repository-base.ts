import { randomUUID } from "node:crypto";
import {
  CompiledQuery,
  sql,
  type Compilable,
  type QueryCreator,
  type RawBuilder,
  type UpdateQueryBuilder,
} from "kysely";
import type { Database } from "../db/open-database.js";
import { notFound, validationError, validationErrorFromCauses } from "../errors.js";
import type { Model } from "../schema/model.js";
import { ChangeFeed } from "./change-feed.js";
import { isUuid } from "./coerce.js";
import { mapDatabaseError, type ConstraintIndex } from "./db-errors.js";
import { adminTitleFor, firstFreeSlug, slugBaseFor } from "./generated-values.js";
import { appendedOrderIndex, orderParentKey } from "./order-index.js";
import { toColumns, toColumnsInPlace, type Row } from "./prepare-write.js";
import { CREATED, type CompanionInsert } from "./companion-insert.js";
import { paramAt, Params, StatementCache, type Param } from "./statement-cache.js";
import type { AnyModelDb, DynamicTables } from "./any-model-db.js";
import type { AuditTrail, WriteAction } from "../audit/audit-trail.js";
import type { WriteListener } from "./write-listeners.js";

export const BULK_MAX = 1000;

/** Module code (not the generic routes) may write hidden fields such as an identity's password. */
export interface WriteOptions {
  trusted?: boolean;
}

export interface CreateOptions extends WriteOptions {
  /** An insert written in the same statement as the record (companion-insert.ts). */
  companion?: CompanionInsert;
}

/** What a repository shares with its transaction-bound copies: write listeners, triggers, the audit log. */
export interface RepositoryHooks {
  listeners: WriteListener[];
  triggers?: Map<string, string[]>;
  /** Set when the model's writes are audited (docs/audit.md): each write adds its entries in its own statement. */
  audit?: AuditTrail;
}

/** A transaction the repository runs in, and the models it wrote (announced after commit). */
export interface TransactionScope {
  trx: AnyModelDb;
  touched: Set<string>;
}

/**
 * What a model's repository (repository.ts) does under its records: the rows an INSERT writes
 * (id, generated title and slug, appended order index), statements built once per shape and run
 * in the repository's transaction if it has one, database errors mapped to 4xx, the after-write
 * hook, and the changes announced after the commit. The records' own operations are Repository's.
 */
// biome-ignore lint/correctness/noUnusedVariables: R is the record type subclasses answer (Repository<R> extends RepositoryBase<R>)
export abstract class RepositoryBase<R extends object = Row> {
  readonly columns: string[];
  protected readonly db: AnyModelDb;

  constructor(
    readonly model: Model,
    protected readonly database: Database,
    protected readonly constraints: ConstraintIndex,
    readonly changes: ChangeFeed = new ChangeFeed(),
    protected readonly scope?: TransactionScope,
    // Shared with the transaction-bound copies: a statement is built once per shape, not per copy.
    protected readonly statements = new StatementCache(),
    protected readonly hooks: RepositoryHooks = { listeners: [] },
  ) {
    this.db = scope?.trx ?? database.db;
    this.columns = model.fields.filter((f) => !f.hidden).map((f) => f.name);
    this.orderParentKey = orderParentKey(model);
  }

  /** A relation's parent key (its first foreign key) when its rows are ordered: new rows are appended. */
  protected readonly orderParentKey: string | undefined;

  /**
   * An update that writes `field` also changes `modelId` (a database trigger writes its table, as
   * an order's status change queues a job): the change feed announces both after the commit, so a
   * listener of `modelId` hears of it, and only of the writes that can have fired the trigger.
   */
  alsoChanges(field: string, modelId: string) {
    const triggers = (this.hooks.triggers ??= new Map());
    triggers.set(field, [...(triggers.get(field) ?? []), modelId]);
  }

  /** Announces the models the triggers of the fields this update wrote change. */
  protected changedByTrigger(data: Row) {
    const triggers = this.hooks.triggers;
    if (!triggers) return;
    for (const [field, modelIds] of triggers)
      if (data[field] !== undefined) for (const modelId of modelIds) this.changed(modelId);
  }

  /**
   * Adds a listener every write of this repository (and its transaction-bound copies) runs in its
   * transaction (write-listeners.ts); answers the function that removes it. Either may happen while
   * writes run (webhooks attach and detach theirs as subscriptions change).
   */
  onWrite(listener: WriteListener): () => void {
    // A new list each time: a write running its listeners meanwhile goes on over the list it began with.
    this.hooks.listeners = [...this.hooks.listeners, listener];
    return () => {
      this.hooks.listeners = this.hooks.listeners.filter((l) => l !== listener);
    };
  }

  /** Some listener runs after each write: writes that are one statement otherwise run in a transaction. */
  protected get listened(): boolean {
    return this.hooks.listeners.length > 0;
  }

  /** How many write listeners this repository runs (its transaction-bound copies share them). */
  get listenerCount(): number {
    return this.hooks.listeners.length;
  }

  /** Audits this model's writes into `trail` (docs/audit.md); undefined stops. */
  auditInto(trail: AuditTrail | undefined) {
    this.hooks.audit = trail;
  }

  /** The audit log this repository's writes go to, if they are audited. */
  get audit(): AuditTrail | undefined {
    return this.hooks.audit;
  }

  /** Runs the write listeners, in order, inside the write's transaction, with the rows the write answered. */
  protected async notifyListeners(db: AnyModelDb, action: WriteAction, rows: Row[]): Promise<void> {
    if (!this.listened) return;
    const ids = rows.map((row) => row.id as string);
    for (const listener of this.hooks.listeners) await listener(db, { action, ids, rows });
  }

  /**
   * A write, and the write listeners with the rows it wrote in the same transaction when there are
   * listeners; without any, the write alone, as fast as before.
   */
  protected written<T>(
    action: WriteAction,
    run: (db: AnyModelDb) => Promise<T>,
    rows: (result: T) => Row[],
  ): Promise<T> {
    if (!this.listened) return run(this.db);
    return this.inTransaction(async (trx) => {
      const result = await run(trx);
      await this.notifyListeners(trx, action, rows(result));
      return result;
    });
  }

  /** A transaction of its own, or the one this repository already runs in. */
  protected inTransaction<T>(work: (trx: AnyModelDb) => Promise<T>): Promise<T> {
    return this.scope ? work(this.scope.trx) : this.db.transaction().execute(work);
  }

  /** Announces a write now, or when the surrounding transaction commits. */
  protected changed(model = this.model.id) {
    if (this.scope) this.scope.touched.add(model);
    else this.changes.publish(model);
  }

  /**
   * The rows' column values as an INSERT writes them: an id, the generated title and slug filled
   * in. At once when no slug needs the table's (a promise only then: every create runs this).
   * `owned`: the items are the caller's own copies (prepareWrite's), changed in place rather than
   * copied, and an id the database's default can give is left to it unless a title or slug needs it.
   */
  protected insertValues(db: AnyModelDb, items: Row[], owned = false): Row[] | Promise<Row[]> {
    const rows: Row[] = owned ? items : items.map((data) => ({ ...data }));
    const adminTitle = this.model.fieldMap.get("adminTitle")?.generated !== undefined;
    const slug = this.model.fieldMap.get("slug")?.generated !== undefined;
    for (const row of rows) {
      const titled = adminTitle && row.adminTitle == null;
      // An INSERT names at least one column: a record sent with no field gets its id here.
      if (row.id == null && (!owned || !this.idByDatabase || titled || (slug && row.slug == null) || isEmpty(row)))
        row.id = randomUUID();
      if (titled) row.adminTitle = adminTitleFor(this.model, row, row.id as string);
    }
    const asColumns = () => {
      for (const row of rows) toColumnsInPlace(this.model, row);
      return rows;
    };
    const filling = this.fillSlugs(db, rows);
    return filling ? filling.then(asColumns) : asColumns();
  }

  /** The table's id column has a default (gen_random_uuid()): an INSERT may leave it out. */
  private get idByDatabase(): boolean {
    return this.model.fieldMap.get("id")?.generated === "uuid";
  }

  protected insert(db: AnyModelDb, items: Row[], companion?: CompanionInsert, owned = false): Promise<Row[]> {
    const values = this.insertValues(db, items, owned);
    return values instanceof Promise
      ? values.then((v) => this.insertRows(db, v, companion))
      : this.insertRows(db, values, companion);
  }

  /** INSERTs rows insertValues made: one statement, with the companion's insert when there is one. */
  private insertRows(db: AnyModelDb, values: Row[], companion?: CompanionInsert): Promise<Row[]> {
    if (companion && values.length === 1 && db === this.db) return this.insertWithCompanion(values[0]!, companion);
    if (values.length === 1 && db === this.db && !this.scope) {
      // A single create, outside a transaction: the hot path, built once per set of columns.
      const row = values[0]!;
      const appends = this.appends(row);
      const audit = this.hooks.audit;
      const params = this.valuesOf(row);
      const shape = `insert|${Object.keys(row).join(",")}${appends ? "|append" : ""}`;
      if (!audit)
        return this.runCached(shape, params, () =>
          this.db.insertInto(this.model.table).values(this.standIns(row, appends)).returning(this.columns),
        );
      // Audited: the entry is written by the same statement, reading the row it created.
      const actor = this.boundActor(params, audit);
      return this.runCached(`${shape}|audit`, params, () =>
        this.db
          .with(CREATED, (db) =>
            db.insertInto(this.model.table).values(this.standIns(row, appends)).returning(this.fieldNames),
          )
          .with("audit", (db) =>
            audit.entries(db, this.model, "create", { after: CREATED }, actor, this.writtenFields([row])),
          )
          .selectFrom(CREATED)
          .select(this.columns),
      );
    }
    const rows = this.sentTogether(values);
    const audit = this.hooks.audit;
    if (!audit) return this.guard(() => db.insertInto(this.model.table).values(rows).returning(this.columns).execute());
    const actor = audit.actorValues();
    return this.guard(() =>
      db
        .with(CREATED, (q) => q.insertInto(this.model.table).values(rows).returning(this.fieldNames))
        .with("audit", (q) =>
          audit.entries(q, this.model, "create", { after: CREATED }, actor, this.writtenFields(rows)),
        )
        .selectFrom(CREATED)
        .select(this.columns)
        .execute(),
    );
  }

  /** The fields an INSERT of `rows` sets: theirs, and the order an appended row is given in SQL. */
  protected writtenFields(rows: Row[]): string[] {
    const fields = new Set<string>();
    for (const row of rows) {
      for (const key of Object.keys(row)) fields.add(key);
      if (this.appends(row)) fields.add("orderIndex");
    }
    return [...fields];
  }

  /** Every field's name, hidden ones too: what an audited statement's written rows return for the entry. */
  protected get fieldNames(): string[] {
    return this.model.fields.map((f) => f.name);
  }

  /** The actor's values added to a cached statement's params, answered as the Params standing for them. */
  protected boundActor(params: Params, audit: AuditTrail): Param[] {
    return audit.actorValues().map((value) => params.add(value));
  }

  /**
   * An UPDATE of `model`'s rows `ids` (`update` builds it without RETURNING) answering the rows'
   * visible columns; audited, the rows are first read and locked in the same statement, and each
   * gets its entry with the fields it changed among `fields`, those the UPDATE sets.
   */
  protected async updateRows(
    db: AnyModelDb,
    ids: string | string[],
    fields: string[],
    update: (db: QueryCreator<DynamicTables>) => UpdateQueryBuilder<DynamicTables, string, string, any>,
  ): Promise<Row[]> {
    const audit = this.hooks.audit;
    if (!audit) return this.guard(() => update(db).returning(this.columns).execute());
    const actor = audit.actorValues();
    const table = this.model.table;
    // The entry compares only the fields the UPDATE sets: the old rows are read with just those,
    // and the updated ones answer them beside the visible columns (hidden ones the caller never sees).
    const compared = [...new Set(["id", ...fields])];
    const answered = [...new Set([...this.columns, ...fields])];
    return this.guard(() => {
      const query = db
        .with("old", (q) =>
          (Array.isArray(ids) ? q.selectFrom(table).where("id", "in", ids) : q.selectFrom(table).where("id", "=", ids))
            // Named columns, not *: a statement with * is never prepared (open-database.ts).
            .select(compared)
            // The lock the UPDATE itself takes: FOR UPDATE would also wait on (and deadlock with) the
            // key-share locks of concurrent inserts referencing these rows, as checkouts' order lines do.
            .forNoKeyUpdate(),
        )
        // Reading `old` first: its lock is taken before the update, and it holds the rows as they were.
        .with("updated", (q) => update(q).where("id", "in", q.selectFrom("old").select("id")).returning(answered))
        .with("audit", (q) =>
          audit.entries(q, this.model, "update", { before: "old", after: "updated" }, actor, fields),
        )
        .selectFrom("updated")
        // Named columns, not *, here too.
        .select(this.columns);
      return query.execute();
    });
  }

  /** Deletes `model`'s rows `ids` answering their visible columns; audited, each with its entry, in the same statement. */
  protected async deleteRows(
    db: AnyModelDb,
    ids: string | string[],
    model: Model = this.model,
    audit = this.hooks.audit,
  ): Promise<Row[]> {
    const columns = model === this.model ? this.columns : model.fields.filter((f) => !f.hidden).map((f) => f.name);
    const remove = (q: QueryCreator<DynamicTables>) =>
      Array.isArray(ids)
        ? q.deleteFrom(model.table).where("id", "in", ids)
        : q.deleteFrom(model.table).where("id", "=", ids);
    if (!audit) return this.guard(() => remove(db).returning(columns).execute(), "delete");
    const actor = audit.actorValues();
    return this.guard(
      () =>
        db
          .with("deleted", (q) => remove(q).returning(model.fields.map((f) => f.name)))
          .with("audit", (q) => audit.entries(q, model, "delete", { before: "deleted" }, actor))
          .selectFrom("deleted")
          .select(columns)
          .execute(),
      "delete",
    );
  }

  /** Rows of one multi-row INSERT: their creation order and each parent's appended order kept. */
  protected sentTogether(values: Row[]): Row[] {
    this.togetherOrder(values).forEach(({ stamp, offset }, i) => {
      const row = values[i]!;
      if (stamp) row.createdAt = stamp;
      if (offset !== undefined)
        row.orderIndex = appendedOrderIndex(this.model, this.orderParentKey!, row[this.orderParentKey!], offset);
    });
    return values;
  }

  /**
   * `sentTogether` for a statement built once per shape: each value a parameter, and `shape` names
   * what the text depends on (the columns, the rows' count, the stamped and appended ones).
   */
  protected boundTogether(values: Row[], params: Params): { rows: Row[]; shape: string } {
    const order = this.togetherOrder(values);
    const rows = values.map((row, i) => {
      const bound = this.bound(row, params, false);
      const { stamp, offset } = order[i]!;
      if (stamp) bound.createdAt = stamp;
      if (offset !== undefined)
        bound.orderIndex = appendedOrderIndex(this.model, this.orderParentKey!, bound[this.orderParentKey!], offset);
      return bound;
    });
    const shapes = values.map(
      (row, i) =>
        `${Object.keys(row).join(",")}${order[i]!.stamp ? "+at" : ""}${order[i]!.offset === undefined ? "" : `+${order[i]!.offset}`}`,
    );
    return { rows, shape: `${this.model.id}[${shapes.join(";")}]` };
  }

  /**
   * For each row sent together: its creation stamp (rows sent together keep their order under the
   * default createdAt order, whatever the clock's resolution) and, for a row appended to its
   * parent's children, its place among the rows of that parent sent with it.
   */
  private togetherOrder(values: Row[]): { stamp?: RawBuilder<unknown>; offset?: number }[] {
    const stamps = values.length > 1 && this.model.fieldMap.get("createdAt")?.generated === "now";
    const appended = new Map<unknown, number>();
    return values.map((row, i) => {
      // Raw: clock arithmetic (clock_timestamp() plus i microseconds), which the builder cannot say.
      const stamp =
        stamps && row.createdAt == null ? sql`clock_timestamp() + ${sql.lit(i)} * interval '1 microsecond'` : undefined;
      if (!this.appends(row)) return { stamp };
      const parent = row[this.orderParentKey!];
      const offset = appended.get(parent) ?? 0;
      appended.set(parent, offset + 1);
      return { stamp, offset };
    });
  }

  /** A relation row of an ordered relation that names no orderIndex: it goes after its parent's last row. */
  protected appends(values: Row): boolean {
    return this.orderParentKey !== undefined && values.orderIndex === undefined && values[this.orderParentKey] != null;
  }

  /**
   * A single row's statement values, in its columns' order. The row of Params standing for them
   * (`standIns`) is only needed to build the statement, once per shape, not on every create.
   */
  protected valuesOf(row: Row, params = new Params()): Params {
    for (const column in row) params.add(row[column]);
    return params;
  }

  /**
   * The Params of `valuesOf(row)` by column, its values starting at `first` among the statement's
   * (an appended row's orderIndex read in the statement).
   */
  protected standIns(values: Row, appends = this.appends(values), first = 0): Row {
    const row: Row = {};
    let index = first;
    for (const column in values) row[column] = paramAt(index++);
    if (appends) row.orderIndex = appendedOrderIndex(this.model, this.orderParentKey!, row[this.orderParentKey!]);
    return row;
  }

  /** A row's values added to `params` (after those already there), and the row of their stand-ins. */
  protected bound(values: Row, params: Params, appends = this.appends(values)): Row {
    const first = params.values.length;
    this.valuesOf(values, params);
    return this.standIns(values, appends, first);
  }

  /**
   * The create and its companion in one statement: the row is written returning every column
   * (the companion may keep hidden ones), and the statement answers the visible columns.
   */
  protected insertWithCompanion(values: Row, companion: CompanionInsert): Promise<Row[]> {
    const params = this.valuesOf(values);
    const first = params.values.length;
    for (const value of companion.values) params.add(value);
    const appends = this.appends(values);
    const audit = this.hooks.audit;
    const actor = audit ? this.boundActor(params, audit) : [];
    return this.runCached(
      `insert+${companion.shape}|${Object.keys(values).join(",")}${appends ? "|append" : ""}${audit ? "|audit" : ""}`,
      params,
      () => {
        const query = this.db
          .with(CREATED, (db) =>
            db.insertInto(this.model.table).values(this.standIns(values, appends)).returning(this.fieldNames),
          )
          .with("companion", (db) =>
            companion.build(
              db,
              companion.values.map((_, i) => paramAt(first + i)),
            ),
          );
        // Audited: the entry too, from the same created row.
        return (
          audit
            ? query.with("audit", (db) =>
                audit.entries(db, this.model, "create", { after: CREATED }, actor, this.writtenFields([values])),
              )
            : query
        )
          .selectFrom(CREATED)
          .select(this.columns);
      },
    );
  }

  protected async updateOne(db: AnyModelDb, id: string, data: Row, holds: Row = {}): Promise<Row | undefined> {
    const set: Row = toColumns(this.model, data);
    // Only an import carries its own updatedAt (clients cannot write server-maintained fields).
    // Raw now(): this statement's text is kept as measured (the builder's fn("now") would compile alike).
    for (const field of this.model.fields)
      if (field.onUpdate === "now" && set[field.name] === undefined) set[field.name] = sql`now()`;
    const [row] = await this.updateRows(db, id, Object.keys(set), (q) =>
      Object.entries(holds).reduce(
        (u, [column, value]) => (value === null ? u.where(column, "is", null) : u.where(column, "=", value)),
        q.updateTable(this.model.table).set(set).where("id", "=", id),
      ),
    );
    return row;
  }

  /**
   * Generated slugs: base, base-2, … skipping those already taken, in the table or in this batch.
   * Undefined, at once, when no row lacks its slug.
   */
  protected fillSlugs(db: AnyModelDb, rows: Row[]): Promise<void> | undefined {
    if (!this.model.fieldMap.get("slug")?.generated) return;
    const missing = rows.filter((r) => r.slug == null);
    if (missing.length === 0) return;
    return this.fillMissingSlugs(db, rows, missing);
  }

  private async fillMissingSlugs(db: AnyModelDb, rows: Row[], missing: Row[]) {
    const bases = missing.map((r) => slugBaseFor(this.model, r, r.id as string));
    const unique = [...new Set(bases)];
    const taken = new Set<string>(rows.map((r) => r.slug).filter((s): s is string => typeof s === "string"));
    const existing = await this.guard(() =>
      db
        .selectFrom(this.model.table)
        .select("slug")
        .where((eb) => eb.or([eb("slug", "in", unique), ...unique.map((b) => eb("slug", "like", `${b}-%`))]))
        .execute(),
    );
    for (const { slug: s } of existing) taken.add(s);
    missing.forEach((row, i) => {
      row.slug = firstFreeSlug(bases[i]!, taken);
      taken.add(row.slug as string);
    });
  }

  /**
   * Runs the statement cached for `shape` (built by `build` on first use) with these values, its
   * database errors mapped as `guard` maps them. Every read and create runs this: it adds one
   * promise (the mapping's), where an async function would add two, and its error mappers are
   * made once per repository, not a closure per statement.
   */
  protected runCached<T = Row>(
    shape: string,
    params: Params,
    build: () => Compilable,
    operation: "write" | "delete" = "write",
  ): Promise<T[]> {
    const mapError = operation === "write" ? this.mapWriteError : this.mapDeleteError;
    try {
      const { sql: text, parameters } = this.statements.bind(shape, params.values, build);
      return this.execute<T>(text, parameters).then(undefined, mapError);
    } catch (error) {
      return Promise.reject(mapDatabaseError(error, this.constraints, operation));
    }
  }

  private readonly mapWriteError = (error: unknown): never => {
    throw mapDatabaseError(error, this.constraints, "write");
  };
  private readonly mapDeleteError = (error: unknown): never => {
    throw mapDatabaseError(error, this.constraints, "delete");
  };

  /** SQL text with its parameters, in this repository's transaction if it has one. */
  protected execute<T = Row>(text: string, parameters: unknown[]): Promise<T[]> {
    if (this.scope)
      return this.scope.trx.executeQuery<T>(CompiledQuery.raw(text, [...parameters])).then((result) => result.rows);
    return this.database.run<T>(text, parameters);
  }

  protected checkBulk(raw: unknown): unknown[] {
    if (!Array.isArray(raw))
      throw validationError("/ data must be an array", [{ path: "/", message: "must be an array" }]);
    if (raw.length === 0) throw validationError("No data", [{ path: "/", message: "must not be empty" }]);
    if (raw.length > BULK_MAX) {
      throw validationErrorFromCauses([{ path: "/", message: `must have at most ${BULK_MAX} items` }]);
    }
    return raw;
  }

  protected checkId(id: string) {
    if (!isUuid(id)) throw validationError(`/id must be a uuid`, [{ path: "/id", message: "must be a uuid" }]);
  }

  protected missing(id: string): never {
    throw notFound(`${this.model.title} ${id} was not found`);
  }

  protected async guard<T>(run: () => Promise<T>, operation: "write" | "delete" = "write"): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapDatabaseError(error, this.constraints, operation);
    }
  }
}

function isEmpty(row: Row): boolean {
  for (const _ in row) return false;
  return true;
}
