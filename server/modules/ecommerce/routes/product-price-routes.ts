import type { FastifyInstance } from "fastify";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { mayEdit } from "../../../drafts/draft-reads.js";
import { MAX_PRICES, type PriceInput, type ProductPrices } from "../product-prices.js";

const PRICES = "/api/ecommerce/products/:id/prices";
const productParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" } },
  required: ["id"],
});

const pricesInput = inputSchema<{ prices: PriceInput[] }>({
  properties: {
    prices: {
      type: "array",
      maxItems: MAX_PRICES,
      "x-message": `must be a list of at most ${MAX_PRICES} prices`,
      items: {
        type: "object",
        additionalProperties: false,
        properties: {
          currencyId: { ...UUID, "x-message": "must be a currency's id" },
          // A decimal string only (no JSON number): its digits are checked against the currency's.
          amount: { type: "string", maxLength: 40, "x-message": 'must be a decimal string ≥ 0 such as "12.50"' },
          storeId: { anyOf: [UUID, { type: "null" }], "x-message": "must be a store's id or null" },
        },
        required: ["currencyId", "amount"],
      },
    },
  },
  required: ["prices"],
});

/**
 * A product's prices as plain money (docs/shop.md "Prices"). Reading them is
 * public, as the price attributes are; replacing them takes what updating the product's records
 * takes: the authorization hook asks for PUT on this path (an admin, or a role granted
 * PUT /api/ecommerce/products/**).
 */
export function registerProductPriceRoutes(app: FastifyInstance, prices: ProductPrices) {
  const ecommerce = { tag: "ecommerce", params: productParams } as const;
  const products = app.registry.get("ecommerce/products");
  const summary =
    "A product's prices: per currency, and per store where a store overrides it (an editor's working copy, the published ones for others)";
  defineRoute(app, { method: "GET", url: PRICES, ...ecommerce, summary }, async ({ params: { id } }, request) => {
    return {
      data: { prices: await prices.read(id, (await mayEdit(app, request, products)) ? "working" : "published") },
    };
  });

  const replace = {
    method: "PUT",
    url: PRICES,
    ...ecommerce,
    summary: "Replace a product's prices (its price attributes) in one transaction",
    body: pricesInput,
  } as const;
  defineRoute(app, replace, async ({ params: { id }, body }) => {
    return { data: { prices: await prices.replace(id, body.prices) } };
  });
}
