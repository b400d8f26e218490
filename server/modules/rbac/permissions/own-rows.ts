import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Condition } from "../../../../engine/query/list-query.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { Registry } from "../../../../engine/schema/registry.js";

/** Whose rows a model's column names: the subject itself, or one of the subject's orders. */
type Owner = "subject" | "order";

/**
 * Models whose rows belong to one subject, read by the original client's cart drawer through the
 * generic routes (docs/api.md "Request shapes the original client sends"): the subject's links to its orders, those orders, and their
 * lines. The column holds the owner's id.
 */
const OWNED_BY: Record<string, { column: string; owner: Owner }> = {
  "rbac/subjects-to-ecommerce-module-orders": { column: "subjectId", owner: "subject" },
  "ecommerce/orders": { column: "id", owner: "order" },
  "ecommerce/orders-to-products": { column: "orderId", owner: "order" },
};

/** The generic read routes (list, count, one by id) a subject may call on such a model. */
const READ_ROUTES = (model: string) => [`/api/${model}`, `/api/${model}/count`, `/api/${model}/:id`];

declare module "fastify" {
  interface FastifyRequest {
    /** Set when only the caller's own rows of this model may be read (its roles may not read the model). */
    ownRowsOf?: string;
  }
}

/**
 * The owned-records rule: a signed-in subject whose roles may not read one of the models above
 * may still read its own rows of it through the generic read routes — lists and counts keep
 * only those rows (a filter naming another subject's id finds nothing), and another's row by id
 * is a 404 as if it did not exist. Admins and the secret key, whose roles read the model, see
 * every row as before; nobody may write through this rule.
 */
export class OwnRows {
  private readonly routes = new Map(Object.keys(OWNED_BY).flatMap((model) => READ_ROUTES(model).map((route) => [route, model] as const)));

  constructor(
    private readonly db: Kysely<any>,
    private readonly registry: Registry,
    private readonly repositories: Map<string, Repository>,
  ) {}

  /** The model this request reads by the rule, when it is a generic read of an owned model. */
  modelRead(request: FastifyRequest): string | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const route = request.routeOptions.url;
    return route === undefined ? undefined : this.routes.get(route);
  }

  /** The condition that keeps the subject's own rows of `model`. */
  async condition(subjectId: string, model: string): Promise<Condition> {
    const { column, owner } = OWNED_BY[model]!;
    const value = owner === "subject" ? [subjectId] : await this.ordersOf(subjectId);
    const field = this.repositories.get(model)!.model.fieldMap.get(column)!;
    return { field, kind: field.kind, method: "inArray", value };
  }

  private async ordersOf(subjectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom(this.registry.get("rbac/subjects-to-ecommerce-module-orders").table)
      .select("ecommerceModuleOrderId")
      .where("subjectId", "=", subjectId)
      .execute();
    return rows.map((r) => r.ecommerceModuleOrderId as string);
  }
}
