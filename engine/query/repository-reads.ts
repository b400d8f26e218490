import { sql, type SelectQueryBuilder } from "kysely";
import { bindAfter } from "./keyset-after.js";
import { condition, isGroup, type Condition, type Filter, type ListQuery } from "./list-query.js";
import { toColumns, type Row } from "./prepare-write.js";
import { Params, type Param } from "./statement-cache.js";
import { BULK_MAX, RepositoryBase } from "./repository-base.js";
import { fullOrder, whereAll } from "./where.js";
import type { DynamicTables } from "./any-model-db.js";

/** countEstimate counts exactly up to this many rows; beyond, it answers the planner's estimate. */
export const COUNT_EXACT_UP_TO = 1000;

/**
 * A repository's reads: list (keyset pages), list by ids, counts and get, each a statement built
 * once per shape (engine/query/statement-cache.ts). Repository adds the writes.
 */
export class RepositoryReads<R extends object = Row> extends RepositoryBase<R> {
  async list(query: ListQuery): Promise<R[]> {
    const params = new Params();
    const filters = withParams(query.filters, params);
    const limit = params.add(query.limit);
    const offset = query.offset > 0 ? params.add(query.offset) : undefined;
    // A page after a cursor's position starts there (keyset-after.ts), however deep.
    const after = query.after ? bindAfter(this.model, query.orderBy, query.after, params) : undefined;
    const orderShape = query.orderBy.map((o) => `${o.field.name}>${o.key ?? ""}>${o.direction}`).join(",");
    const shape = `list|${conditionsShape(query.filters)}|${orderShape}|${offset ? "offset" : ""}${after ? `|after:${after.shape}` : ""}`;
    return this.runCached<R>(shape, params, () => {
      const order = fullOrder(query.orderBy, this.model.defaultOrder);
      const where = (q: SelectQueryBuilder<DynamicTables, string, any>) =>
        q
          .$if(filters.length > 0, (w) => w.where((eb) => whereAll(eb, filters)))
          .$if(after !== undefined, (w) => w.where(after!.condition()));
      const matching = <Q extends SelectQueryBuilder<DynamicTables, string, any>>(q: Q) =>
        order.reduce((o, key) => o.orderBy(key), where(q)).limit(limit as unknown as number) as Q;
      if (!offset) return matching(this.db.selectFrom(this.model.table).select(this.columns));
      // A page further in: the rows skipped are walked as ids only (an index-only scan when an
      // index holds the order, such as (createdAt, id)), and only the page's rows are read whole.
      // Half a million rows in, that is several times faster than skipping whole rows.
      const ids = matching(this.db.selectFrom(this.model.table).select("id")).offset(offset as unknown as number);
      return order.reduce(
        (q, key) => q.orderBy(key),
        this.db.selectFrom(this.model.table).select(this.columns).where("id", "in", ids),
      );
    });
  }

  /** The records with these ids (at most BULK_MAX), in the default order; none for no ids. */
  async listByIds(ids: string[]): Promise<R[]> {
    if (ids.length === 0) return [];
    const field = this.model.fieldMap.get("id")!;
    return this.list({
      filters: [{ field, kind: field.kind, method: "inArray", value: ids }],
      orderBy: [],
      limit: BULK_MAX,
      offset: 0,
    });
  }

  async count(conditions: Filter[]): Promise<number> {
    const params = new Params();
    const filters = withParams(conditions, params);
    const [row] = await this.runCached(`count|${conditionsShape(conditions)}`, params, () =>
      this.db
        .selectFrom(this.model.table)
        // Raw: a count as int (the builder's countAll answers bigint, which the driver reads as text).
        .select(sql<number>`count(*)::int`.as("count"))
        .$if(filters.length > 0, (q) => q.where((eb) => whereAll(eb, filters))),
    );
    return row!.count as number;
  }

  /**
   * A count that never reads more than COUNT_EXACT_UP_TO + 1 rows (what a large table's admin
   * page asks for): exact when there are no more, otherwise the query planner's estimate of the
   * rows matching (from the table's statistics, as pg_class.reltuples), at least one past the
   * limit. `count` stays the exact one.
   */
  async countEstimate(
    conditions: Filter[],
    exactUpTo = COUNT_EXACT_UP_TO,
  ): Promise<{ count: number; estimated: boolean }> {
    const params = new Params();
    const filters = withParams(conditions, params);
    const limit = params.add(exactUpTo + 1);
    const matching = () =>
      this.db
        .selectFrom(this.model.table)
        // Raw 1: rows are only counted; the text is kept as measured (the builder's lit(1) would compile alike).
        .select(sql`1`.as("one"))
        .$if(filters.length > 0, (q) => q.where((eb) => whereAll(eb, filters)));
    const shape = conditionsShape(conditions);
    const [bounded] = await this.runCached(`count-bounded|${shape}`, params, () =>
      this.db
        .selectFrom(
          matching()
            .limit(limit as unknown as number)
            .as("m"),
        )
        .select(sql<number>`count(*)::int`.as("count")),
    );
    const count = bounded!.count as number;
    if (count <= exactUpTo) return { count, estimated: false };
    const { sql: text, parameters } = this.statements.bind(`count-plan|${shape}`, params.values, () => matching());
    const [plan] = await this.guard(() => this.execute(`EXPLAIN (FORMAT JSON) ${text}`, parameters));
    const planned = Math.round((plan!["QUERY PLAN"] as [{ Plan: { "Plan Rows": number } }])[0].Plan["Plan Rows"]);
    return { count: Math.max(planned, exactUpTo + 1), estimated: true };
  }

  async get(id: string): Promise<R> {
    this.checkId(id);
    const params = new Params();
    const idParam = params.add(id);
    const rows = await this.runCached<R>("get", params, () =>
      this.db.selectFrom(this.model.table).select(this.columns).where("id", "=", idParam),
    );
    return rows[0] ?? this.missing(id);
  }

  /** The first record whose `keys` equal the given values: an ordinary filtered list of one. */
  protected async findMatching(data: Row, keys: string[]): Promise<R | undefined> {
    const values = toColumns(this.model, data);
    const filters: Condition[] = keys.map((k) => {
      const field = this.model.fieldMap.get(k)!;
      return values[k] === null
        ? { field, kind: field.kind, method: "isNull" }
        : { field, kind: field.kind, method: "eq", value: values[k] };
    });
    const [row] = await this.list({ filters, orderBy: [], limit: 1, offset: 0 });
    return row;
  }
}

/** Filters with each value replaced by the Param that stands for it. */
function withParams(filters: Filter[], params: Params): Filter[] {
  return filters.map((f): Filter => {
    if (isGroup(f)) return { group: f.group, filters: withParams(f.filters, params) };
    if (f.value === undefined) return f;
    const value: Param | Param[] = Array.isArray(f.value) ? f.value.map((v) => params.add(v)) : params.add(f.value);
    return condition(f, f.method, value);
  });
}

/** What makes the SQL of these filters differ: groups, columns, keys, methods and list lengths, not values. */
const conditionsShape = (filters: Filter[]): string =>
  filters
    .map((f) =>
      isGroup(f)
        ? `${f.group}(${conditionsShape(f.filters)})`
        : `${f.field.name}>${f.key ?? ""}>${f.method}>${Array.isArray(f.value) ? f.value.length : f.value === undefined ? "-" : "v"}`,
    )
    .join(",");
