import type { FastifyInstance } from "fastify";
import { isUuid } from "../../../engine/query/coerce.js";
import type { OrderLinks } from "./order-links.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { isSubjectsOrder } from "../rbac/index.js";

/** The order a receipt was drawn for, from its `generatedFrom` key (`receipt:{orderId}:{hash}`, generated-images.ts). */
export const receiptOrderOf = (generatedFrom: unknown): string | undefined => {
  const id = typeof generatedFrom === "string" ? /^receipt:([^:]+):/.exec(generatedFrom)?.[1] : undefined;
  return isUuid(id) ? id : undefined;
};

/**
 * Who reads a receipt (its order's number, lines, prices and total): the shop's staff, who may
 * read every order, and the order's own subject, signed in or holding the order's mailed link
 * (`?token=`, order-links.ts: the receipt link of the status mail carries it). Everyone else
 * meets an unknown file.
 */
export function registerReceiptReaders(app: FastifyInstance, variant: string, links: OrderLinks) {
  const db = modelQueries(app.database.db, app.registry);
  app.subjectFiles.register(variant, {
    isStaff: (caller) => app.rbac.authorizer.allows(caller, "GET", "/api/ecommerce/orders"),
    isFor: async (record, caller, request) => {
      const orderId = receiptOrderOf(record.generatedFrom);
      if (!orderId) return false;
      const token = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof token === "string" && links.check(orderId, token) === "valid") return true;
      if (caller.kind !== "subject") return false;
      return isSubjectsOrder(db, caller.subjectId, orderId);
    },
  });
}
