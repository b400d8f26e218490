import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import { moveOrderLinks, orderSubjects, type HandoverListener } from "../rbac/index.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";

/**
 * A guest's cart joins the account's when the guest signs in (rbac's guest handover, one
 * transaction with the sign-in's checks, so a guest who signs in keeps the cart): a product already in the account's cart (from
 * the same store) gets the guest's quantity added to its line, so no line is there twice; any
 * other guest cart order moves to the account as it is. Both carts' rows are locked first, so an
 * add to cart at the same moment waits. The guest's past orders stay with the guest subject.
 */
export function mergeGuestCart(): HandoverListener {
  return async (guestId, accountId, repository, trx) => {
    const guest = await cartLines(trx, guestId);
    if (guest.length === 0) return;
    const own = await cartLines(trx, accountId);
    const target = new Map(own.map((l) => [lineKey(l), l]));
    const emptied = new Set<string>();
    const moved = new Set<string>();
    for (const line of guest) {
      const into = target.get(lineKey(line));
      if (into) {
        into.quantity += line.quantity;
        await repository("ecommerce/orders-to-products").update(into.id, { quantity: into.quantity });
        await repository("ecommerce/orders-to-products").delete(line.id);
        emptied.add(line.orderId);
      } else {
        target.set(lineKey(line), line);
        moved.add(line.orderId);
      }
    }
    // An order all of whose lines joined the account's goes; one with a line left moves over.
    for (const orderId of emptied) if (!moved.has(orderId)) await repository("ecommerce/orders").delete(orderId);
    const links = guest.filter((l) => moved.has(l.orderId)).map((l) => l.linkId);
    await moveOrderLinks(repository, new Set(links), accountId);
  };
}

/**
 * One line per product and store in a subject's cart: an order taken back to the cart (Back to
 * cart after a declined payment) finds the buyer may have added the same product again meanwhile.
 * The older line keeps the sum of the quantities; a newer order left with no line goes.
 */
export async function consolidateCart(
  repository: RepositoryLookup,
  trx: ModelQueries,
  subjectId: string,
): Promise<void> {
  const first = new Map<string, Line>();
  const emptied = new Set<string>();
  const kept = new Set<string>();
  for (const line of await cartLines(trx, subjectId)) {
    const into = first.get(lineKey(line));
    if (!into) {
      first.set(lineKey(line), line);
      kept.add(line.orderId);
      continue;
    }
    into.quantity += line.quantity;
    await repository("ecommerce/orders-to-products").update(into.id, { quantity: into.quantity });
    await repository("ecommerce/orders-to-products").delete(line.id);
    emptied.add(line.orderId);
  }
  for (const orderId of emptied) if (!kept.has(orderId)) await repository("ecommerce/orders").delete(orderId);
}

const lineKey = (l: Line) => `${l.productId}|${l.storeId ?? ""}`;

interface Line {
  id: string;
  orderId: string;
  linkId: string;
  productId: string;
  storeId: string | null;
  quantity: number;
}

/** A subject's cart lines, their orders' rows locked. */
async function cartLines(trx: ModelQueries, subjectId: string): Promise<Line[]> {
  const rows = await trx
    .selectFrom("ecommerce/orders-to-products as l")
    .innerJoin("ecommerce/orders as o", "o.id", "l.orderId")
    // The subject's links (rbac's, joined as its subquery): a moved order takes its link along.
    .innerJoin(orderSubjects(trx).as("so"), "so.orderId", "o.id")
    .select(["l.id", "l.orderId", "so.linkId", "l.productId", "l.storeId", "l.quantity"])
    .where("so.subjectId", "=", subjectId)
    .where("o.type", "=", "cart")
    .where("o.status", "=", "new")
    .orderBy("o.createdAt")
    .orderBy("l.createdAt")
    .forUpdate("o")
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }) as Line);
}
