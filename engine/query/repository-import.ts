import { sql } from "kysely";
import { AppError } from "../errors.js";
import type { Row } from "./prepare-write.js";
import { RepositoryReads } from "./repository-reads.js";

/** A row of an import (Repository.importRows): its number in the file, and the id it updates, if any. */
export interface ImportRow {
  row: number;
  update?: string;
  data: Row;
  /** Fields set once every row is written (a reference to a row of the file written after this one). */
  then?: Row;
}

/** The same error, saying which row of an import it is about. */
function inRow(error: AppError, row: number): AppError {
  const detail = error.message.slice(error.message.indexOf(": ") + 2);
  return new AppError(
    error.code,
    `row ${row}: ${detail}`,
    error.causes.map((c) => ({ path: `/${row}${c.path}`, message: c.message })),
  );
}

/**
 * A repository's import of a file's rows (CSV/JSON transfer, server/crud/transfer/): all in one
 * transaction, each row created or updating its record. Repository adds the other writes.
 */
export class ImportingRepository<R extends object = Row> extends RepositoryReads<R> {
  /**
   * An import's rows, each checked already (prepareWrite), in one transaction: created with
   * their ids, or `update` the record of that id. A row the database refuses (a reference to no
   * record, a unique value taken) rolls every row back, its error naming the row. A row may carry
   * its createdAt (moved from another database, it keeps its date); a new row without one gets
   * the moment it is written, so rows keep the file's order. A row's `then` fields are set after
   * every row is in, in the same transaction. Answers the id each row wrote, in the rows' order.
   */
  async importRows(rows: ImportRow[]): Promise<string[]> {
    const stamped = this.model.fieldMap.get("createdAt")?.generated === "now";
    const written: string[] = [];
    // Each record as its last statement answered it, for the write listeners.
    const records = new Map<string, Row>();
    const keep = (record: Row) => {
      records.set(record.id as string, record);
      return record.id as string;
    };
    await this.inTransaction(async (trx) => {
      for (const { row, update, data } of rows) {
        try {
          if (update) written.push(keep((await this.updateOne(trx, update, data)) ?? this.missing(update)));
          // Raw clock_timestamp(): each imported row's own time, not the transaction's now().
          else
            written.push(
              ...(
                await this.insert(trx, [
                  stamped && data.createdAt === undefined ? { ...data, createdAt: sql`clock_timestamp()` } : data,
                ])
              ).map(keep),
            );
        } catch (error) {
          throw error instanceof AppError ? inRow(error, row) : error;
        }
      }
      // References to rows written after their own (a circle of parents), now that all are in.
      for (const { row, update, data, then } of rows) {
        if (!then) continue;
        try {
          const record = await this.updateOne(trx, update ?? (data.id as string), then);
          if (record) keep(record);
        } catch (error) {
          throw error instanceof AppError ? inRow(error, row) : error;
        }
      }
      // One call per action: the listeners hear which rows were new and which were updated.
      const updated = new Set(rows.filter((r) => r.update).map((r) => r.update!));
      const created = written.filter((id) => !updated.has(id));
      if (created.length)
        await this.notifyListeners(
          trx,
          "create",
          created.map((id) => records.get(id)!),
        );
      if (updated.size)
        await this.notifyListeners(
          trx,
          "update",
          [...updated].map((id) => records.get(id)!),
        );
    });
    this.changed();
    for (const { update, data, then } of rows) {
      if (update) this.changedByTrigger(data);
      if (then) this.changedByTrigger(then);
    }
    return written;
  }
}
