import type { FastifyInstance } from "fastify";
import { expressionBuilder, sql } from "kysely";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { ORDER_MODEL, screenOf, screenPriorityOf } from "../../../common/admin/record-screens.js";
import { adminModel } from "../../../engine/admin/admin-model.js";
import { containsPattern, searchColumns, type SearchGroup } from "../../../engine/admin/search-filter.js";
import type { DynamicTables } from "../../../engine/query/any-model-db.js";
import { condition, isGroup, parseListQuery, type Filter } from "../../../engine/query/list-query.js";
import { whereAll } from "../../../engine/query/where.js";
import { fieldTypeOf } from "../../../engine/schema/field-types/index.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import type { Model } from "../../../engine/schema/model.js";
import { OrderDesk, shopLabelled } from "../ecommerce/index.js";
import { orderLabel, RecordLabels } from "./record-labels.js";

/** One record found: what it is, how a person knows it, and the admin screen that opens it. */
export interface FoundRecord {
  model: string;
  id: string;
  label: string;
  detail: string;
  screen: string;
}

/** How well a record matched: a title equal to the text, one starting with it, one containing it. */
const EXACT = 0;
const PREFIX = 1;
const CONTAINS = 2;

/** A model's searchable columns: its titles (the table's search box) and its `x-search` fields. */
function columnsOf(model: Model, app: FastifyInstance): string[] {
  const searched = model.fields
    .filter((f) => f.search && !f.hidden && fieldTypeOf(f.kind).admin.naming !== undefined)
    .flatMap((f) => (f.kind === "language-map" ? LANGUAGES.map((l) => `${f.name}->>${l}`) : [f.name]));
  return [...new Set([...searchColumns(adminModel(model, app.registry)), ...searched])];
}

/**
 * The columns as one or-group of the filter language (ilike), checked against the model once: the
 * search then puts its patterns in (a bare word would be read as "contains", and the exact and
 * prefix tests need theirs as written).
 */
function titleConditions(model: Model, columns: string[]): Filter[] {
  const group: SearchGroup = { or: columns.map((column) => ({ column, method: "ilike", value: "%%" })) };
  return parseListQuery(model, { filters: JSON.stringify([group]) }).filters;
}

/** The same conditions matching `pattern`. */
const withPattern = (filters: Filter[], pattern: string): Filter[] =>
  filters.map((f) =>
    isGroup(f) ? { ...f, filters: withPattern(f.filters, pattern) } : condition(f, f.method, pattern),
  );

/**
 * The admin's search over every record (GET /api/admin/search): the text in any title or
 * `x-search` field of every exposed entity's working copy (the model's own table: drafts
 * included), as ONE statement — a union of one limited branch per model, each ranked (title
 * equal to the text, then starting with it, then containing it) — and orders by number, email
 * or name through the order desk's own search (one more). The rows found are then named by the
 * admin's labeller, one read per model that has any.
 */
export class GlobalSearch {
  private readonly labels: RecordLabels;
  private readonly desk: OrderDesk;
  /** The searchable models and their columns, worked out once: the registry is fixed after start-up. */
  private models?: { model: Model; titles: Filter[] }[];

  constructor(private readonly app: FastifyInstance) {
    this.labels = new RecordLabels(app);
    this.desk = new OrderDesk(app);
  }

  private searchable() {
    this.models ??= this.app.registry.exposed
      // A relation row is known by its two ends, each of which is found itself; orders by the desk.
      .filter((model) => model.kind === "entity" && !shopLabelled.orders(model.id))
      .map((model) => ({ model, columns: columnsOf(model, this.app) }))
      .filter(({ columns }) => columns.length > 0)
      .map(({ model, columns }) => ({ model, titles: titleConditions(model, columns) }));
    return this.models;
  }

  async find(text: string, limit: number, language: string): Promise<FoundRecord[]> {
    const needle = text.trim();
    const [records, orders] = await Promise.all([
      this.records(needle, limit, language),
      this.orders(needle, limit, language),
    ]);
    return [...records, ...orders]
      .sort(
        (a, b) =>
          a.rank - b.rank || screenPriorityOf(a.model) - screenPriorityOf(b.model) || a.label.localeCompare(b.label),
      )
      .slice(0, limit)
      .map(({ rank: _rank, ...found }) => found);
  }

  private async records(needle: string, limit: number, language: string) {
    const escaped = containsPattern(needle).slice(1, -1);
    // The conditions are the filter language's own SQL (engine/query/where.ts), built outside any one query.
    const eb = expressionBuilder<DynamicTables, string>();
    const branches = this.searchable().map(({ model, titles }) => {
      const holds = (pattern: string) => whereAll(eb, withPattern(titles, pattern));
      const rank = sql<number>`case when ${holds(escaped)} then ${sql.lit(EXACT)} when ${holds(`${escaped}%`)} then ${sql.lit(PREFIX)} else ${sql.lit(CONTAINS)} end`;
      return this.app.database.db
        .selectFrom(model.table)
        .select([
          sql.lit(model.id).as("model"),
          sql.lit(screenPriorityOf(model.id)).as("priority"),
          "id",
          rank.as("rank"),
        ])
        .where(holds(`%${escaped}%`))
        .orderBy("rank")
        .orderBy("id")
        .limit(limit);
    });
    if (branches.length === 0) return [];
    const { rows } = await sql<{ model: string; id: string; rank: number }>`
      select "model", "id", "rank" from (${sql.join(branches, sql` union all `)}) found
      order by "rank", "priority", "model", "id" limit ${limit}`.execute(this.app.database.db);
    const byModel = new Map<string, string[]>();
    for (const row of rows) byModel.set(row.model, [...(byModel.get(row.model) ?? []), String(row.id)]);
    const named = new Map<string, { label: string; detail: string }>();
    await Promise.all(
      [...byModel].map(async ([modelId, ids]) => {
        const model = this.app.registry.get(modelId);
        const read = (await this.app.repositories.get(modelId)!.listByIds(ids)) as Record<string, unknown>[];
        const labels = await this.labels.ofRows(model, read, language);
        const kind = recordKind(modelId, language, model.titles[language] ?? model.title);
        for (const row of read) {
          // A record at an address (a page) shows it: "Page · /about".
          const detail = typeof row.url === "string" && row.url ? `${kind} · ${row.url}` : kind;
          named.set(`${modelId}/${row.id}`, { label: labels.get(row.id as string)!.label, detail });
        }
      }),
    );
    return rows.flatMap((row) => {
      const found = named.get(`${row.model}/${row.id}`);
      return found
        ? [
            {
              model: row.model,
              id: String(row.id),
              rank: Number(row.rank),
              ...found,
              screen: screenOf(row.model, String(row.id)),
            },
          ]
        : [];
    });
  }

  /** Checked-out orders by number, customer email or name (the desk's search), as the desk names them. */
  private async orders(needle: string, limit: number, language: string) {
    const { rows } = await this.desk.list({ search: needle, limit, offset: 0, language });
    const kind = recordKind(ORDER_MODEL, language, "Order");
    const lower = needle.toLowerCase().replace(/^#/, "");
    return rows.map((order) => {
      const email = order.customer.email ?? "";
      const keys = [order.number, email.toLowerCase()];
      const rank = keys.includes(lower) ? EXACT : keys.some((k) => k.startsWith(lower)) ? PREFIX : CONTAINS;
      return {
        model: ORDER_MODEL,
        id: order.id,
        rank,
        label: orderLabel(order),
        // "Order #1a2b3c4d · ann@example.com": the number the customer's mails show, and who ordered.
        detail: [`${kind} #${order.number}`, email].filter(Boolean).join(" · "),
        screen: screenOf(ORDER_MODEL, order.id),
      };
    });
  }
}
