import type { FastifyInstance } from "fastify";
import { ifMatchOf } from "../../../crud/etag.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { saveDiscountCode, type DiscountCodeInput, type SavedDiscountCode } from "../pricing/discount-code-editor.js";

const EDITOR = "/api/ecommerce/discount-codes/editor";
/** Products or categories one code may be limited to in one save. */
const TARGETS_MAX = 500;

const codeParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" } },
  required: ["id"],
});
const targets = (what: string) => ({
  type: "array",
  maxItems: TARGETS_MAX,
  items: { ...UUID, "x-message": `must be a ${what}'s id` },
  "x-message": `must be a list of at most ${TARGETS_MAX} ${what} ids`,
});
// The code's own fields are checked by its model as the generic routes check them (the repository).
const editorInput = inputSchema<DiscountCodeInput>({
  properties: {
    code: { type: "object", "x-message": "must be the code's fields" },
    productIds: targets("product"),
    categoryIds: targets("category"),
  },
  required: ["code", "productIds", "categoryIds"],
});

/**
 * The owner's discount code form saves here (docs/shop-pricing.md "Owner screens"): the code and
 * the products and categories it is limited to in one transaction. Both go through the
 * authorization hook as POST/PUT on their paths, so they need what writing discount codes needs.
 * The answer carries the code's ETag: the next save sends it as If-Match (412 when someone else
 * saved the code meanwhile).
 */
export function registerDiscountCodeEditorRoutes(app: FastifyInstance) {
  const tag = "ecommerce";
  const answer = (saved: SavedDiscountCode) => ({
    data: { code: saved.code, productIds: saved.productIds, categoryIds: saved.categoryIds },
  });
  defineRoute(
    app,
    {
      method: "POST",
      url: EDITOR,
      tag,
      status: 201,
      body: editorInput,
      summary: "Create a discount code with the products and categories it is limited to, in one transaction",
    },
    async ({ body }, _request, reply) => {
      const saved = await saveDiscountCode(app, undefined, body);
      if (saved.etag) void reply.header("etag", saved.etag);
      return reply.status(201).send(answer(saved));
    },
  );
  defineRoute(
    app,
    {
      method: "PUT",
      url: "/api/ecommerce/discount-codes/:id/editor",
      tag,
      params: codeParams,
      body: editorInput,
      summary:
        "Save a discount code and the products and categories it is limited to in one transaction; with If-Match, a 412 when it was saved by someone else since",
    },
    async ({ params: { id }, body }, request, reply) => {
      const saved = await saveDiscountCode(app, id, body, ifMatchOf(request));
      if (saved.etag) void reply.header("etag", saved.etag);
      return answer(saved);
    },
  );
}
