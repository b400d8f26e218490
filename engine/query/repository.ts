import { sql, type QueryCreator } from "kysely";
import { AppError, validationError } from "../errors.js";
import { isUuid } from "./coerce.js";
import { prepareWrite, toColumns, type Row } from "./prepare-write.js";
import { Params } from "./statement-cache.js";
import { ImportingRepository } from "./repository-import.js";
import type { CreateOptions, TransactionScope, WriteOptions } from "./repository-base.js";
import type { AnyModelDb, DynamicTables } from "./any-model-db.js";

export {
  BULK_MAX,
  type CreateOptions,
  type RepositoryHooks,
  type TransactionScope,
  type WriteOptions,
} from "./repository-base.js";
export type { WriteListener, WrittenRecords } from "./write-listeners.js";
export { COUNT_EXACT_UP_TO } from "./repository-reads.js";
export type { ImportRow } from "./repository-import.js";

/**
 * The generic CRUD service for one model: list, count, get, create, update, delete,
 * find-or-create, bulk create and bulk update. Generic routes and module services both use it.
 * Hidden fields are never selected, so they cannot leave the server by accident.
 * R is the record it reads: a model's StoredRecord when the model id is known at compile time
 * (Repositories.get, runTransaction's lookup), an open record for generic code.
 */
export class Repository<R extends object = Row> extends ImportingRepository<R> {
  /** The same repository running inside a transaction (see runTransaction). */
  within(scope: TransactionScope): Repository<R> {
    return new Repository<R>(
      this.model,
      this.database,
      this.constraints,
      this.changes,
      scope,
      this.statements,
      this.hooks,
    );
  }

  // Not async: one promise (the answer's) instead of an async function's and its await's; a
  // refused body is still a rejection, as an async function's throw would be.
  create(raw: unknown, options: CreateOptions = {}): Promise<R> {
    // Listened, the create runs in a transaction: bound to it, so the companion is written in the same statement.
    if (options.companion && this.listened && !this.scope)
      return this.inTransactionScope((self) => self.create(raw, options));
    try {
      const data = prepareWrite(this.model, raw, "create", "", options);
      return this.written(
        "create",
        (db) => this.insert(db, [data], options.companion, true),
        (rows) => rows,
      ).then(([row]) => {
        this.changed();
        return row! as R;
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * This record and records of other models created in one statement (data-modifying common table
   * expressions, one INSERT each, in the order given: a parent before the rows referring to it),
   * all or none, with no transaction and one round trip: a cart's new order, its line and its
   * link to the subject. Each is validated as `create` validates it and answered in the same
   * order, this record first. Ids are made here, so later rows can name earlier ones (pass `id`).
   * Inside a transaction it is one statement of that transaction; when a repository has write
   * listeners, the creates run one by one in a transaction instead (same result). Audited parts
   * get their entries in the same statement.
   */
  async createTogether(
    raw: unknown,
    others: { repository: Repository; raw: unknown }[],
    options: WriteOptions = {},
  ): Promise<Row[]> {
    // Each part bound to this repository's transaction, if it runs in one.
    const parts: { repository: Repository; raw: unknown }[] = [{ repository: this as Repository, raw }, ...others].map(
      (p) => ({
        repository: this.scope && !p.repository.scope ? p.repository.within(this.scope) : p.repository,
        raw: p.raw,
      }),
    );
    if (parts.some((p) => p.repository.listened)) {
      return this.inTransactionScope(async (self) => {
        const rows: Row[] = [];
        for (const part of parts) rows.push(await part.repository.within(self.scope!).create(part.raw, options));
        return rows;
      });
    }
    const params = new Params();
    const prepared = await Promise.all(
      parts.map(async ({ repository, raw }) => {
        const data = prepareWrite(repository.model, raw, "create", "", options);
        const [values] = await repository.insertValues(this.db, [data]);
        return { repository, values: values! };
      }),
    );
    const bound = prepared.map(({ repository, values }) => repository.bound(values, params));
    // One actor for the statement's entries, bound once when some part is audited.
    const trail = prepared.find((p) => p.repository.audit)?.repository.audit;
    const actor = trail ? this.boundActor(params, trail) : [];
    const shape = `together|${prepared.map(({ repository, values }) => `${repository.model.id}:${Object.keys(values).join(",")}${repository.appends(values) ? "+append" : ""}${repository.audit ? "+audit" : ""}`).join("|")}`;
    const [row] = await this.runCached<Row>(shape, params, () => {
      let query: any = this.db;
      prepared.forEach(({ repository }, i) => {
        const audit = repository.audit;
        query = query.with(`w${i}`, (db: AnyModelDb) =>
          db
            .insertInto(repository.model.table)
            .values(bound[i]!)
            .returning(audit ? repository.fieldNames : repository.columns),
        );
        if (audit)
          query = query.with(`a${i}`, (db: AnyModelDb) =>
            audit.entries(
              db,
              repository.model,
              "create",
              { after: `w${i}` },
              actor,
              repository.writtenFields([prepared[i]!.values]),
            ),
          );
      });
      return query
        .selectFrom(prepared.map((_, i) => `w${i}`))
        .select(
          prepared.flatMap(({ repository }, i) => repository.columns.map((c) => sql.ref(`w${i}.${c}`).as(`${i}.${c}`))),
        );
    });
    for (const { repository } of prepared) repository.changed();
    // Each part's columns back under their own names.
    return prepared.map(({ repository }, i) =>
      Object.fromEntries(repository.columns.map((c) => [c, row![`${i}.${c}`]])),
    );
  }

  async update(id: string, raw: unknown, options: WriteOptions = {}): Promise<R> {
    this.checkId(id);
    const data = prepareWrite(this.model, raw, "update", "", options);
    const row =
      (await this.written(
        "update",
        (db) => this.updateOne(db, id, data),
        (row) => (row ? [row] : []),
      )) ?? this.missing(id);
    this.changed();
    this.changedByTrigger(data);
    return row as R;
  }

  /**
   * Updates the record only while its columns hold the values `holds` names (null: is null), in
   * one statement: the UPDATE locks the row itself, so no transaction and locked read are needed
   * for it. Undefined when the record is missing or no longer holds them (the caller then reads it).
   */
  async updateIf(id: string, holds: Row, raw: unknown, options: WriteOptions = {}): Promise<R | undefined> {
    this.checkId(id);
    const data = prepareWrite(this.model, raw, "update", "", options);
    const row = await this.written(
      "update",
      (db) => this.updateOne(db, id, data, holds),
      (row) => (row ? [row] : []),
    );
    if (row) {
      this.changed();
      this.changedByTrigger(data);
    }
    return row as R | undefined;
  }

  async delete(id: string): Promise<R> {
    this.checkId(id);
    if (this.model.owned.length) return this.deleteWithOwned(id);
    const rows = this.listened
      ? await this.written(
          "delete",
          (db) => this.deleteRows(db, id),
          (rows) => rows,
        )
      : await this.deleteCached(id);
    const row = (rows[0] as R | undefined) ?? this.missing(id);
    this.changed();
    return row;
  }

  /** A single delete outside listeners: one statement built once, with its audit entry when audited. */
  private deleteCached(id: string): Promise<R[]> {
    const params = new Params();
    const idParam = params.add(id);
    const remove = (db: QueryCreator<DynamicTables>) => db.deleteFrom(this.model.table).where("id", "=", idParam);
    const audit = this.audit;
    if (!audit) return this.runCached<R>("delete", params, () => remove(this.db).returning(this.columns), "delete");
    const actor = this.boundActor(params, audit);
    return this.runCached<R>(
      "delete|audit",
      params,
      () =>
        this.db
          .with("deleted", (db) => remove(db).returning(this.fieldNames))
          .with("audit", (db) => audit.entries(db, this.model, "delete", { before: "deleted" }, actor))
          .selectFrom("deleted")
          .select(this.columns),
      "delete",
    );
  }

  /**
   * Deletes the record and, in the same transaction, the records it owns (x-owned relations):
   * their ids are read through the links before the delete cascades the links away.
   */
  private async deleteWithOwned(id: string): Promise<R> {
    const owned = this.model.owned;
    const row = await this.inTransaction(async (trx) => {
      const children = await Promise.all(
        owned.map(async ({ link, child }) => {
          const links = await trx.selectFrom(link.table).select(link.childKey).where(link.matchKey, "=", id).execute();
          return { child, ids: links.map((l) => l[link.childKey] as string) };
        }),
      );
      const [deleted] = await this.deleteRows(trx, id);
      if (!deleted) return undefined;
      for (const { child, ids } of children) {
        if (!ids.length) continue;
        // An owned record is audited when its model is (a product's prices), in the same transaction.
        const model = this.audit?.modelOf(child.model);
        if (model) await this.deleteRows(trx, ids, model);
        else await this.guard(() => trx.deleteFrom(child.table).where("id", "in", ids).execute(), "delete");
      }
      await this.notifyListeners(trx, "delete", [deleted]);
      return deleted;
    });
    if (!row) this.missing(id);
    for (const model of [this.model.id, ...owned.flatMap(({ link, child }) => [link.model, child.model])])
      this.changed(model);
    return row as R;
  }

  /** The record matching the given unique fields (or, without any, all given fields), else a new one. */
  async findOrCreate(raw: unknown): Promise<{ record: R; created: boolean }> {
    // Looking up needs only well-typed fields; the full create rules apply when creating.
    const given = prepareWrite(this.model, raw, "update");
    const id = (raw as Row).id;
    if (id !== undefined) {
      this.checkId(String(id));
      given.id = id;
    }
    // A unique field given as null names no record (NULLs are distinct under a unique index), so
    // it does not pick one out: { key: null } must not find whichever record has no key.
    const keys = Object.keys(given).filter(
      (k) => k === "id" || (this.model.fieldMap.get(k)?.unique && given[k] !== null),
    );
    const match = keys.length ? keys : Object.keys(given);
    const find = () => (match.length ? this.findMatching(given, match) : undefined);
    const existing = await find();
    if (existing) return { record: existing, created: false };
    const data = prepareWrite(this.model, raw, "create");
    try {
      const [record] = await this.written(
        "create",
        (db) => this.insert(db, [data], undefined, true),
        (rows) => rows,
      );
      this.changed();
      return { record: record! as R, created: true };
    } catch (error) {
      // Someone created it between our look-up and insert: theirs is the one to return. Inside a
      // transaction the failed insert has aborted it: the conflict is the answer (a 409).
      const raced = error instanceof AppError && error.code === "CONFLICT" && !this.scope ? await find() : undefined;
      if (raced) return { record: raced, created: false };
      throw error;
    }
  }

  async bulkCreate(raw: unknown): Promise<R[]> {
    const items = this.checkBulk(raw).map((item, i) => prepareWrite(this.model, item, "create", `/${i}`));
    const rows = await this.inTransaction(async (trx) => {
      const rows = await this.insert(trx, items);
      await this.notifyListeners(trx, "create", rows);
      return rows;
    });
    this.changed();
    return rows as R[];
  }

  async bulkUpdate(raw: unknown): Promise<R[]> {
    const items = this.checkBulk(raw).map((item, i) => {
      const id = (item as Row | null)?.id;
      if (!isUuid(id))
        throw validationError(`/${i}/id id is required`, [{ path: `/${i}/id`, message: "id is required" }]);
      return { id, data: prepareWrite(this.model, item, "update", `/${i}`) };
    });
    const rows = await this.inTransaction(async (trx) => {
      const rows: Row[] = [];
      for (const { id, data } of items) rows.push((await this.updateOne(trx, id, data)) ?? this.missing(id));
      await this.notifyListeners(trx, "update", rows);
      return rows;
    });
    this.changed();
    for (const { data } of items) this.changedByTrigger(data);
    return rows as R[];
  }

  /**
   * The same change to every record with these ids, in one statement (an order's lines, a cart's
   * orders at checkout): validated once, and no query per row. Ids that do not exist are skipped.
   */
  async updateMany(ids: string[], raw: unknown, options: WriteOptions = {}): Promise<R[]> {
    if (ids.length === 0) return [];
    ids.forEach((id) => this.checkId(id));
    const set: Row = toColumns(this.model, prepareWrite(this.model, raw, "update", "", options));
    // Raw now(): this statement's text is kept as measured (the builder's fn("now") would compile alike).
    for (const field of this.model.fields) if (field.onUpdate === "now") set[field.name] = sql`now()`;
    const rows = await this.written(
      "update",
      (db) =>
        this.updateRows(db, ids, Object.keys(set), (q) =>
          q.updateTable(this.model.table).set(set).where("id", "in", ids),
        ),
      (rows) => rows,
    );
    this.changed();
    if (rows.length > 0) this.changedByTrigger(set);
    return rows as R[];
  }

  /**
   * `updateMany`, and rows of other models created with it in the same statement (INSERTs in
   * data-modifying common table expressions, validated as `bulkCreate` validates them): a
   * checkout's orders moved to paying with their links to the invoice's intent and currency,
   * one round trip instead of three. Answers the updated records; the created rows are written,
   * not answered (`updateManyCreating` answers them). Audited models' entries are written by the
   * same statement. With write listeners on any of the models, the writes run one by one in a
   * transaction instead (same result).
   */
  async updateManyWith(ids: string[], raw: unknown, inserts: CreatedWith[], options: WriteOptions = {}): Promise<R[]> {
    return (await this.updateManyCreating(ids, raw, inserts, options)).updated;
  }

  /**
   * `updateManyWith`, answering also the rows created by the inserts marked `answer` (each of
   * those one row, read back in the same statement): `created[i]` is insert i's row, there when a
   * record was updated (the rows come back on the UPDATE's own, so with none they are written
   * but not read). A checkout's payment intent and invoice are made with its orders' move to
   * paying this way, in one statement.
   */
  async updateManyCreating(
    ids: string[],
    raw: unknown,
    inserts: CreatedWith[],
    options: WriteOptions = {},
  ): Promise<{ updated: R[]; created: (Row | undefined)[] }> {
    inserts.forEach((insert, i) => {
      if (insert.answer && insert.rows.length !== 1)
        throw new Error(`insert ${i} is answered: it must be one row, not ${insert.rows.length}`);
    });
    const parts = inserts
      .map((insert, index) => ({
        repository: this.scope && !insert.repository.scope ? insert.repository.within(this.scope) : insert.repository,
        rows: insert.rows,
        answer: insert.answer === true,
        index,
      }))
      .filter((part) => part.rows.length > 0);
    const created: (Row | undefined)[] = inserts.map(() => undefined);
    if (ids.length === 0 || this.listened || parts.some((p) => p.repository.listened)) {
      return this.inTransactionScope(async (self) => {
        for (const { repository, rows, index } of parts)
          [created[index]] = await repository.within(self.scope!).bulkCreate(rows);
        return { updated: await self.updateMany(ids, raw, options), created };
      });
    }
    ids.forEach((id) => this.checkId(id));
    const data = prepareWrite(this.model, raw, "update", "", options);
    const set: Row = toColumns(this.model, data);
    const written = await Promise.all(
      parts.map(async ({ repository, rows, answer, index }) => ({
        repository,
        answer,
        index,
        values: await repository.insertValues(
          this.db,
          repository.checkBulk(rows).map((row, i) => prepareWrite(repository.model, row, "create", `/${i}`, options)),
        ),
      })),
    );
    // Built once per shape (statement-cache.ts): a checkout's statement is the same text each time.
    const params = new Params();
    const boundRows = written.map(({ repository, values }) => repository.boundTogether(values, params));
    const bound: Row = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, params.add(v)]));
    for (const field of this.model.fields) if (field.onUpdate === "now") bound[field.name] = sql`now()`;
    const idParams = ids.map((id) => params.add(id));
    // Audited models' entries go in the same statement: one actor, bound once.
    const trail = this.audit ?? written.find((w) => w.repository.audit)?.repository.audit;
    const actor = trail ? this.boundActor(params, trail) : [];
    const shape = `update-with|${Object.keys(set).join(",")}|${ids.length}${this.audit ? "+audit" : ""}|${written.map(({ answer, repository }, i) => `${boundRows[i]!.shape}${answer ? "+answer" : ""}${repository.audit ? "+audit" : ""}`).join("|")}`;
    // An answered row comes back on each updated row, a column at a time from its INSERT's RETURNING.
    // Raw: a scalar sub-select of a data-modifying CTE's RETURNING, which the builder cannot name as a column.
    const answered = written.flatMap(({ repository, answer }, i) =>
      answer
        ? repository.columns.map((c) => sql`(SELECT ${sql.ref(c)} FROM ${sql.table(`i${i}`)})`.as(`i${i}.${c}`))
        : [],
    );
    const rows = await this.runCached<Row>(shape, params, () => {
      let query: any = this.db;
      written.forEach(({ repository, answer }, i) => {
        const audit = repository.audit;
        query = query.with(`i${i}`, (db: AnyModelDb) => {
          const insert = db.insertInto(repository.model.table).values(boundRows[i]!.rows);
          return audit
            ? insert.returning(repository.fieldNames)
            : answer
              ? insert.returning(repository.columns)
              : insert;
        });
        if (audit)
          query = query.with(`a${i}`, (db: AnyModelDb) =>
            audit.entries(
              db,
              repository.model,
              "create",
              { after: `i${i}` },
              actor,
              repository.writtenFields(written[i]!.values),
            ),
          );
      });
      const audit = this.audit;
      if (!audit)
        return query
          .updateTable(this.model.table)
          .set(bound)
          .where("id", "in", idParams)
          .returning([...this.columns, ...answered]);
      // Audited: the rows read and locked as they were (the fields set), updated, and their entries, as updateRows does.
      const setFields = Object.keys(set);
      return query
        .with("old", (db: AnyModelDb) =>
          db
            .selectFrom(this.model.table)
            .where("id", "in", idParams)
            .select([...new Set(["id", ...setFields])])
            .forNoKeyUpdate(),
        )
        .with("updated", (db: AnyModelDb) =>
          db
            .updateTable(this.model.table)
            .set(bound)
            .where("id", "in", idParams)
            .where("id", "in", db.selectFrom("old").select("id"))
            .returning([...new Set([...this.columns, ...setFields])]),
        )
        .with("audit", (db: AnyModelDb) =>
          audit.entries(db, this.model, "update", { before: "old", after: "updated" }, actor, Object.keys(set)),
        )
        .selectFrom("updated")
        .select([...this.columns, ...answered]);
    });
    for (const { repository } of written) repository.changed();
    this.changed();
    if (rows.length > 0) this.changedByTrigger(set);
    written.forEach(({ repository, answer, index }, i) => {
      if (answer && rows[0])
        created[index] = Object.fromEntries(repository.columns.map((c) => [c, rows[0]![`i${i}.${c}`]]));
    });
    const updated =
      answered.length === 0 ? rows : rows.map((row) => Object.fromEntries(this.columns.map((c) => [c, row[c]])));
    return { updated: updated as R[], created };
  }

  /** `work` with this repository bound to a transaction: this one's, or a new one whose changes are announced after its commit. */
  protected async inTransactionScope<T>(work: (self: Repository<R>) => Promise<T>): Promise<T> {
    if (this.scope) return work(this);
    const touched = new Set<string>();
    const result = await this.database.db.transaction().execute((trx) => work(this.within({ trx, touched })));
    for (const modelId of touched) this.changes.publish(modelId);
    return result;
  }

  /**
   * Deletes these records in one statement (a removed block's relation rows and content), with the
   * write listeners like `delete`; answers the rows deleted (ids not found are skipped). No owned
   * records (x-owned) are followed: models with them use `delete`.
   */
  async deleteMany(ids: string[]): Promise<R[]> {
    if (ids.length === 0) return [];
    if (this.model.owned.length) throw new Error(`${this.model.id} owns records: delete them one by one`);
    ids.forEach((id) => this.checkId(id));
    const rows = await this.written(
      "delete",
      (db) => this.deleteRows(db, ids),
      (rows) => rows,
    );
    this.changed();
    return rows as R[];
  }

  /**
   * Sets an integer field (a relation row's `orderIndex`) to its own value on each record, in one
   * statement (`CASE id WHEN … THEN …`): a page's fifty blocks reordered is one round trip, not
   * fifty. Ids that do not exist are skipped; updatedAt moves on as with any update.
   */
  async setPositions(field: string, positions: { id: string; value: number }[]): Promise<R[]> {
    if (positions.length === 0) return [];
    if (this.model.fieldMap.get(field)?.schema.type !== "integer")
      throw new Error(`${this.model.id}.${field} is not an integer field`);
    positions.forEach(({ id, value }) => {
      this.checkId(id);
      if (!Number.isSafeInteger(value))
        throw validationError(`${field} must be an integer`, [{ path: `/${field}`, message: "must be an integer" }]);
    });
    const ids = positions.map((p) => p.id);
    const rows = await this.written(
      "update",
      (db) =>
        this.updateRows(db, ids, [field], (q) =>
          q
            .updateTable(this.model.table)
            .set((eb) => {
              // CASE id WHEN $1 THEN $2 … END, every value a parameter.
              const cases = sql.join(
                positions.map((p) => sql`WHEN ${p.id} THEN ${p.value}`),
                sql` `,
              );
              const set: Row = { [field]: sql`(CASE ${eb.ref("id")} ${cases} END)::integer` };
              // Raw: CASE id WHEN … over the bound pairs, then now() kept as measured.
              for (const f of this.model.fields) if (f.onUpdate === "now") set[f.name] = sql`now()`;
              return set;
            })
            .where("id", "in", ids),
        ),
      (rows) => rows,
    );
    this.changed();
    return rows as R[];
  }
}

/** Rows of another model created with `updateManyWith`; `answer`: read back (one row; `updateManyCreating`). */
export interface CreatedWith {
  repository: Repository;
  rows: unknown[];
  answer?: boolean;
}
