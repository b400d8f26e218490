import type { FastifyRequest } from "fastify";
import type { Condition } from "../../../../engine/query/list-query.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";

/** Whose rows a model's column names: the subject itself, or one of the subject's orders. */
export type Owner = "subject" | "order";

/** How a model's rows belong to one subject: `column` holds the owner's id. */
export interface OwnedBy {
  column: string;
  owner: Owner;
}

/** The generic read routes (list, count, one by id) a subject may call on such a model. */
const READ_ROUTES = (model: string) => [`/api/${model}`, `/api/${model}/count`, `/api/${model}/:id`];

declare module "fastify" {
  interface FastifyRequest {
    /** Set when only the caller's own rows of this model may be read (its roles may not read the model). */
    ownRowsOf?: string;
  }
}

/**
 * The owned-records rule: a signed-in subject whose roles may not read one of the models declared
 * here (`own`) may still read its own rows of it through the generic read routes — lists and
 * counts keep only those rows (a filter naming another subject's id finds nothing), and another's row by id
 * is a 404 as if it did not exist. Admins and the secret key, whose roles read the model, see
 * every row as before; nobody may write through this rule.
 */
export class OwnRows {
  private readonly ownedBy = new Map<string, OwnedBy>();
  private readonly routes = new Map<string, string>();

  constructor(
    private readonly db: ModelQueries,
    private readonly repositories: Map<string, Repository>,
  ) {
    // rbac's own link of a subject to its orders; the orders' models are the shop's to declare (own).
    this.own("rbac/subjects-to-ecommerce-module-orders", { column: "subjectId", owner: "subject" });
  }

  /**
   * Declares a model whose rows belong to one subject, read by the original client's cart drawer
   * through the generic routes: the module owning the model calls this as it registers (the
   * shop declares its orders and their lines).
   */
  own(model: string, by: OwnedBy): void {
    this.ownedBy.set(model, by);
    for (const route of READ_ROUTES(model)) this.routes.set(route, model);
  }

  /** The model this request reads by the rule, when it is a generic read of an owned model. */
  modelRead(request: FastifyRequest): string | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const route = request.routeOptions.url;
    return route === undefined ? undefined : this.routes.get(route);
  }

  /** The condition that keeps the subject's own rows of `model`. */
  async condition(subjectId: string, model: string): Promise<Condition> {
    const { column, owner } = this.ownedBy.get(model)!;
    const value = owner === "subject" ? [subjectId] : await this.ordersOf(subjectId);
    const field = this.repositories.get(model)!.model.fieldMap.get(column)!;
    return { field, kind: field.kind, method: "inArray", value };
  }

  private async ordersOf(subjectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("rbac/subjects-to-ecommerce-module-orders")
      .select("ecommerceModuleOrderId")
      .where("subjectId", "=", subjectId)
      .execute();
    return rows.map((r) => r.ecommerceModuleOrderId);
  }
}
