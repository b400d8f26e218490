import {
  IdentifierNode,
  OperationNodeTransformer,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type Transaction,
  type UnknownRow,
} from "kysely";
import type { ColumnType } from "kysely";
import type { ModelHiddenColumns, ModelInsertOptional } from "../generated/models.js";
import type { Model } from "../schema/model.js";
import type { ModelId, StoredRecord } from "./stored-record.js";
import type { AnyModelDb, DynamicTables } from "./any-model-db.js";

/** The suffix that names a model's published copy in a typed query: `"host/pages@published"`. */
export const PUBLISHED_SUFFIX = "@published";

/**
 * A model's table as a typed query sees it: the record's columns as the driver reads them
 * (StoredRecord: date-times as Date) and its hidden columns; an INSERT may leave out what the
 * database or the repository fills (defaults, generated values, nullable columns).
 */
export type ModelTable<K extends ModelId> = {
  [F in keyof StoredRecord<K>]: F extends ModelInsertOptional[K]
    ? ColumnType<StoredRecord<K>[F], StoredRecord<K>[F] | undefined, StoredRecord<K>[F]>
    : StoredRecord<K>[F];
} & { [F in keyof ModelHiddenColumns[K]]-?: ModelHiddenColumns[K][F] | null };

/**
 * The tables a typed query may name, by model id: `db.selectFrom("billing/invoices")` reads the
 * invoices' table with the row type generated from schemas/billing/invoices.json.
 * `"{id}@published"` names an x-drafts model's published copy (same columns).
 */
export type ModelTables = { [K in ModelId]: ModelTable<K> } & {
  [K in ModelId as `${K}${typeof PUBLISHED_SUFFIX}`]: ModelTable<K>;
};

/** A Kysely instance or transaction whose queries name tables by model id (ModelTables). */
export type ModelQueries = Kysely<ModelTables>;
export type ModelTransaction = Transaction<ModelTables>;

/** Rewrites each table named by a model id to the model's SQL table; other names pass unchanged. */
class ModelTableNames extends OperationNodeTransformer {
  constructor(private readonly tables: ReadonlyMap<string, string>) {
    super();
  }

  protected override transformSchemableIdentifier(
    node: SchemableIdentifierNode,
    queryId?: Parameters<OperationNodeTransformer["transformNode"]>[1],
  ) {
    const transformed = super.transformSchemableIdentifier(node, queryId);
    const table = transformed.schema ? undefined : this.tables.get(transformed.identifier.name);
    return table === undefined ? transformed : { ...transformed, identifier: IdentifierNode.create(table) };
  }
}

/** The Kysely plugin behind typed queries: model ids (and their `@published` copies) become table names. */
export class ModelTablesPlugin implements KyselyPlugin {
  private readonly transformer: ModelTableNames;

  constructor(models: Iterable<Model>) {
    const tables = new Map<string, string>();
    for (const model of models) {
      tables.set(model.id, model.table);
      if (model.published) tables.set(`${model.id}${PUBLISHED_SUFFIX}`, model.published.table);
    }
    this.transformer = new ModelTableNames(tables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Where a plugin finds its models: a registry, or anything else that lists them (held weakly). */
export interface ModelSource {
  readonly models: Iterable<Model>;
}

const plugins = new WeakMap<ModelSource, ModelTablesPlugin>();

/**
 * `db` (or a transaction) as typed queries over `source`'s models: the same connection, with
 * tables named by model id. The generic repository keeps the untyped instance: it builds queries
 * for any model from its metadata, and skips the rewrite on its hot paths.
 */
export function modelQueries(db: Transaction<DynamicTables>, source: ModelSource): ModelTransaction;
export function modelQueries(db: AnyModelDb, source: ModelSource): ModelQueries;
export function modelQueries(db: AnyModelDb, source: ModelSource): ModelQueries {
  let plugin = plugins.get(source);
  if (!plugin) plugins.set(source, (plugin = new ModelTablesPlugin(source.models)));
  return db.withPlugin(plugin) as ModelQueries;
}
