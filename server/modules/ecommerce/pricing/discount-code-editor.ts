import type { FastifyInstance } from "fastify";
import { condition } from "../../../../engine/query/list-query.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import { StaleRecord, checkIfMatch, etagOf, preconditionFailed } from "../../../crud/etag.js";

const CODES = "ecommerce/discount-codes";
const PRODUCTS = "ecommerce/discount-codes-to-products";
const CATEGORIES = "ecommerce/discount-codes-to-categories";

type Row = Record<string, unknown>;

/** The owner's discount code form as one save: the code's fields and the products and categories it is limited to. */
export interface DiscountCodeInput {
  code: Row;
  productIds: string[];
  categoryIds: string[];
}

/** What a save answers: the code as stored (its ETag for the next save), and its targets. */
export interface SavedDiscountCode {
  code: Row;
  etag: string | undefined;
  productIds: string[];
  categoryIds: string[];
}

/**
 * Saves a discount code with its targets in ONE transaction (docs/shop-pricing.md "Owner screens"):
 * the code created or updated (validated as the generic routes validate it), then its relation rows
 * made to say exactly the targets chosen. A refusal of any part — a code taken, a product that does
 * not exist — leaves nothing written: never a code that, its product links lost, applies to every
 * product. With `ifMatch` the code's row is locked and its ETag checked first: a code saved by
 * someone else since it was read is a 412 with their code, and nothing is written.
 */
export async function saveDiscountCode(
  app: FastifyInstance,
  id: string | undefined,
  input: DiscountCodeInput,
  ifMatch?: string[],
): Promise<SavedDiscountCode> {
  try {
    return await runTransaction(app.database, app.repositories, async (repository, trx) => {
      const codes = repository(CODES);
      if (id && ifMatch) await checkIfMatch(trx, codes, id, ifMatch);
      const code: Row = id ? await codes.update(id, input.code) : await codes.create(input.code);
      const codeId = String(code.id);
      const productIds = await sync(repository, PRODUCTS, codeId, "productId", input.productIds);
      const categoryIds = await sync(repository, CATEGORIES, codeId, "categoryId", input.categoryIds);
      return { code, etag: etagOf(code), productIds, categoryIds };
    });
  } catch (error) {
    if (error instanceof StaleRecord) throw preconditionFailed(error.record);
    throw error;
  }
}

/** The code's rows of a link model made to name exactly `wanted` (in the order chosen): the missing made, the others deleted. */
async function sync(
  repository: RepositoryLookup,
  modelId: string,
  codeId: string,
  field: string,
  wanted: string[],
): Promise<string[]> {
  const links = repository(modelId);
  const owner = links.model.fieldMap.get("discountCodeId")!;
  const rows = (await links.list({
    filters: [condition({ field: owner, kind: owner.kind }, "eq", codeId)],
    orderBy: [],
    limit: 10_000,
    offset: 0,
  })) as Row[];
  const chosen = [...new Set(wanted)];
  const have = new Set(rows.map((row) => String(row[field])));
  const gone = rows.filter((row) => !chosen.includes(String(row[field]))).map((row) => String(row.id));
  if (gone.length) await links.deleteMany(gone);
  const missing = chosen.filter((target) => !have.has(target));
  if (missing.length) await links.bulkCreate(missing.map((target) => ({ discountCodeId: codeId, [field]: target })));
  return chosen;
}
