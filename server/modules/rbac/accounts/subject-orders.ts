import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Repositories } from "../../../../engine/query/repositories.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";

/**
 * Whose the shop's orders are, as the shop reads and writes it: the link of an order to its
 * subject (rbac/subjects-to-ecommerce-module-orders) is rbac's table, so the shop joins these
 * subqueries into its own statements (a cart stays one query, whatever its length) and writes a
 * link through these functions, in its own transaction.
 */

/** Each order's subject, one row per link: `linkId`, `subjectId`, `orderId`. Filter by `subjectId` or `orderId` after joining. */
export function orderSubjects(db: ModelQueries) {
  return db
    .selectFrom("rbac/subjects-to-ecommerce-module-orders")
    .select(["id as linkId", "subjectId", "ecommerceModuleOrderId as orderId"]);
}

/**
 * The ids of a subject's orders (`orderId`), behind a fence the planner keeps (OFFSET 0): joined
 * first, a product in thousands of carts costs what one in a single cart does.
 */
export function ordersOfSubject(db: ModelQueries, subjectId: string) {
  return db
    .selectFrom("rbac/subjects-to-ecommerce-module-orders")
    .select("ecommerceModuleOrderId as orderId")
    .where("subjectId", "=", subjectId)
    .offset(0);
}

/** Each order's subject with the subject's language: `orderId`, `subjectId`, `language`. */
export function orderSubjectLanguages(db: ModelQueries) {
  return db
    .selectFrom("rbac/subjects-to-ecommerce-module-orders as so")
    .innerJoin("rbac/subjects as s", "s.id", "so.subjectId")
    .select(["so.ecommerceModuleOrderId as orderId", "s.id as subjectId", "s.language"]);
}

/**
 * The sign-in emails of each order's subject, one row per email identity: `orderId`, `email`
 * (never null) and `createdAt` (the identity's: order by it for the first).
 */
export function orderAccountEmails(db: ModelQueries) {
  return (
    db
      .selectFrom("rbac/subjects-to-ecommerce-module-orders as so")
      .innerJoin("rbac/subjects-to-identities as si", "si.subjectId", "so.subjectId")
      .innerJoin("rbac/identities as id", "id.id", "si.identityId")
      .where("id.email", "is not", null)
      .select(["so.ecommerceModuleOrderId as orderId", "id.createdAt"])
      // The filter above: these emails are not null.
      .select((eb) => eb.ref("id.email").$notNull().as("email"))
  );
}

/** Whether the order is the subject's (one query). */
export async function isSubjectsOrder(db: ModelQueries, subjectId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("rbac/subjects-to-ecommerce-module-orders")
    .select("id")
    .where("subjectId", "=", subjectId)
    .where("ecommerceModuleOrderId", "=", orderId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's link to its subject as a part of a write made together with the order (Repository.createTogether). */
export function subjectOrderLink(
  repositories: Repositories,
  subjectId: string,
  orderId: string,
): { repository: Repository; raw: Record<string, unknown> } {
  return {
    repository: repositories.get("rbac/subjects-to-ecommerce-module-orders")!,
    raw: { subjectId, ecommerceModuleOrderId: orderId },
  };
}

/** Gives the order to the subject, in the caller's transaction. */
export async function linkOrderToSubject(
  repository: RepositoryLookup,
  subjectId: string,
  orderId: string,
): Promise<void> {
  await repository("rbac/subjects-to-ecommerce-module-orders").create({ subjectId, ecommerceModuleOrderId: orderId });
}

/** Moves orders to another subject by their links (`linkId` of orderSubjects), one update each, in the caller's transaction. */
export async function moveOrderLinks(
  repository: RepositoryLookup,
  linkIds: Iterable<string>,
  subjectId: string,
): Promise<void> {
  for (const linkId of linkIds)
    await repository("rbac/subjects-to-ecommerce-module-orders").update(linkId, { subjectId });
}
