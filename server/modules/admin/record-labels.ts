import type { FastifyInstance } from "fastify";
import { plainLabel } from "../../../engine/admin/record-label.js";
import { labelFieldOf } from "../../../engine/admin/admin-model.js";
import { EXTERNAL_WIDGETS } from "../../../engine/query/relation-graph.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import type { Model } from "../../../engine/schema/model.js";
import type { DeskOrder } from "../../../common/admin/desk-order.js";
import { attributeCurrencies, OrderDesk, shopLabelled } from "../ecommerce/index.js";
import { fileThumbnailOf, type FileThumbnail } from "../file-storage/index.js";
import { accountLabelled, subjectEmails } from "../rbac/index.js";
import { moneyLabel } from "./money-label.js";

type Row = Record<string, unknown>;

/** A record as the admin names it: the text, and for a file (or a link to one) what its thumbnail needs. */
export interface RecordLabel {
  label: string;
  file?: FileThumbnail;
  /** Named by something its fields do not hold (a person by their email): tables show it above the field. */
  beyondFields?: true;
}

/** An order as the desk shows it, named: its number, its customer, and what was charged. */
export function orderLabel(order: DeskOrder): string {
  const customer = order.customer.name ?? order.customer.email;
  // A cart has no invoice yet, so no total: its number and customer name it.
  const total = order.total && order.currency ? moneyLabel(order.total, order.currency) : undefined;
  return [`#${order.number}`, customer, total].filter(Boolean).join(" · ");
}

/** A relation's ends are named by their own labels, one level deep: "Home → Hero", not a chain. */
const RELATION_DEPTH = 1;

/**
 * The one labeller of the admin (tables' reference cells, pickers, the delete dialog, the
 * activity log): records named by what a person recognises, batched per model whatever the number
 * of ids. A price attribute is "$32.00 · USD", an order "#1a2b3c4d · ada@example.com · $64.00 · USD",
 * a person's account its email,
 * a relation row its two ends' labels ("Home → Hero"), a file its name with its thumbnail; any
 * other record its title, admin title, name… (engine/admin/record-label.ts). What a record is
 * beyond its title its module says (file-storage, ecommerce, rbac): the admin names no model of theirs.
 */
export class RecordLabels {
  private readonly desk: OrderDesk;
  private readonly db: ModelQueries;

  constructor(private readonly app: FastifyInstance) {
    this.desk = new OrderDesk(app);
    this.db = modelQueries(app.database.db, app.registry);
  }

  /** Labels of these rows of `model` (already read), by id. */
  async ofRows(model: Model, rows: Row[], language: string, depth = RELATION_DEPTH): Promise<Map<string, RecordLabel>> {
    const base = { title: model.title, labelField: labelFieldOf(model) };
    const labels = new Map<string, RecordLabel>(
      rows.map((row) => [row.id as string, { label: plainLabel(base, row, language) }]),
    );
    for (const row of rows) {
      const file = fileThumbnailOf(model.id, row);
      if (file) labels.get(row.id as string)!.file = file;
    }
    if (shopLabelled.priceAttributes(model.id)) await this.prices(rows, labels);
    if (shopLabelled.orders(model.id)) await this.orders(rows, labels, language);
    if (accountLabelled.subjects(model.id)) await this.people(rows, labels);
    if (model.kind === "relation" && depth > 0) await this.relationEnds(model, rows, labels, language, depth - 1);
    return labels;
  }

  /** Labels of these ids of `modelId`, read in one query; ids of no record are left out. */
  async ofIds(
    modelId: string,
    ids: string[],
    language: string,
    depth = RELATION_DEPTH,
  ): Promise<Map<string, RecordLabel>> {
    const model = this.app.registry.find(modelId);
    const repository = this.app.repositories.get(modelId);
    if (!model || !repository || ids.length === 0) return new Map();
    return this.ofRows(model, (await repository.listByIds([...new Set(ids)])) as Row[], language, depth);
  }

  /** A price (a number tied to a currency): the amount in that currency, exact. */
  private async prices(rows: Row[], labels: Map<string, RecordLabel>) {
    const priced = rows.filter((r) => r.number !== null && r.number !== undefined && r.number !== "");
    if (priced.length === 0) return;
    const currencies = await attributeCurrencies(
      this.db,
      priced.map((r) => r.id as string),
    );
    const byAttribute = new Map(currencies.map((c) => [c.attributeId, c]));
    for (const row of priced) {
      const currency = byAttribute.get(row.id as string);
      const amount = String(row.number);
      labels.get(row.id as string)!.label = currency?.slug
        ? moneyLabel(amount, {
            code: currency.slug.toUpperCase(),
            symbol: currency.symbol,
            decimals: currency.decimals,
          })
        : amount;
    }
  }

  /** An order: its number, its customer, and what was charged. */
  private async orders(rows: Row[], labels: Map<string, RecordLabel>, language: string) {
    for (const order of await this.desk.many(
      rows.map((r) => r.id as string),
      language,
    ))
      labels.get(order.id)!.label = orderLabel(order);
  }

  /** A person's account: its sign-in email (a guest, with none, keeps its slug). */
  private async people(rows: Row[], labels: Map<string, RecordLabel>) {
    const emails = await subjectEmails(
      this.db,
      rows.map((r) => r.id as string),
    );
    for (const [id, email] of emails) Object.assign(labels.get(id)!, { label: email, beyondFields: true });
  }

  /** A relation row: its parent's label → its child's, each end read once per model for all the rows. */
  private async relationEnds(
    model: Model,
    rows: Row[],
    labels: Map<string, RecordLabel>,
    language: string,
    depth: number,
  ) {
    const keys = model.fields.filter((f) => f.references || f.referencesModel);
    const [parent, child] = keys;
    if (!parent || !child) return;
    const endModel = (field: typeof parent, row: Row) =>
      field.references?.model ?? (model.id === EXTERNAL_WIDGETS ? `${String(row.externalModule)}/widgets` : undefined);
    const wanted = new Map<string, Set<string>>();
    for (const row of rows) {
      for (const field of [parent, child]) {
        const target = endModel(field, row);
        const id = row[field.name];
        if (target && typeof id === "string")
          (wanted.get(target) ?? wanted.set(target, new Set()).get(target)!).add(id);
      }
    }
    const ends = new Map<string, Map<string, RecordLabel>>();
    await Promise.all(
      [...wanted].map(async ([target, ids]) => ends.set(target, await this.ofIds(target, [...ids], language, depth))),
    );
    for (const row of rows) {
      const end = (field: typeof parent) => ends.get(endModel(field, row) ?? "")?.get(row[field.name] as string);
      const [from, to] = [end(parent), end(child)];
      if (!from && !to) continue;
      const label = labels.get(row.id as string)!;
      label.label = `${from?.label ?? "?"} → ${to?.label ?? "?"}`;
      // A link to a file (a product's photo) shows the file's thumbnail.
      const file = to?.file ?? from?.file;
      if (file) label.file = file;
    }
  }
}
