import { EMAIL, SITE_PATH, UUID, inputSchema } from "../../input.js";
import type { ProviderName } from "../../billing/index.js";

// The shop's request bodies (SPEC.md section 5, API.md "Shop"), checked before anything runs.

const QUANTITY = { type: "integer", minimum: 1, maximum: 1_000_000, "x-message": "must be a positive integer" };
const CURRENCY = {
  type: "object",
  properties: { currency: { type: "object", properties: { id: { ...UUID, "x-message": "id is required" } }, required: ["id"] } },
  required: ["currency"],
};
const returnUrls = { successUrl: SITE_PATH, cancelUrl: SITE_PATH };

export const addToCartInput = inputSchema<{ productId: string; quantity?: number; storeId?: string }>({
  properties: { productId: { ...UUID, "x-message": "productId is required" }, quantity: QUANTITY, storeId: UUID },
  required: ["productId"],
});

export const orderUpdateInput = inputSchema<{ ordersToProducts: { id: string; quantity: number }[] }>({
  properties: {
    ordersToProducts: {
      type: "array",
      maxItems: 1000,
      items: {
        type: "object",
        additionalProperties: false,
        properties: { id: { ...UUID, "x-message": "id is required" }, quantity: QUANTITY },
        required: ["id", "quantity"],
      },
    },
  },
  required: ["ordersToProducts"],
});

export const lineUpdateInput = inputSchema<{ quantity: number }>({ properties: { quantity: QUANTITY }, required: ["quantity"] });

interface Payer {
  provider?: ProviderName;
  email: string;
  successUrl?: string;
  cancelUrl?: string;
}

/**
 * The three checkouts' bodies for this app's provider list: `provider` must name a listed
 * provider ("Invalid provider"), configured or not (an unconfigured one is refused by name later).
 */
export function checkoutInputs(providers: readonly ProviderName[]) {
  const PROVIDER = { type: "string", enum: [...providers], "x-message": "Invalid provider" };
  const cartCheckoutInput = inputSchema<Payer & { billingModule: { currency: { id: string } }; ecommerceModule: { orders: { id: string }[] } }>({
    properties: {
      provider: PROVIDER,
      email: EMAIL,
      billingModule: CURRENCY,
      ecommerceModule: {
        type: "object",
        properties: {
          orders: { type: "array", minItems: 1, maxItems: 100, items: { type: "object", properties: { id: { ...UUID, "x-message": "id is required" } }, required: ["id"] } },
        },
        required: ["orders"],
      },
      ...returnUrls,
    },
    required: ["email", "billingModule", "ecommerceModule"],
  });

  const orderCheckoutInput = inputSchema<Payer & { billingModule?: { currency: { id: string } } }>({
    properties: { provider: PROVIDER, email: EMAIL, billingModule: CURRENCY, ...returnUrls },
    required: ["email"],
  });

  const productCheckoutInput = inputSchema<Payer & { quantity?: number; comment?: string; storeId?: string; billingModule?: { currency?: { id: string } } }>({
    properties: {
      provider: PROVIDER,
      email: EMAIL,
      quantity: QUANTITY,
      comment: { type: "string", maxLength: 2000 },
      storeId: UUID,
      billingModule: { type: "object", properties: { currency: CURRENCY.properties.currency } },
      ...returnUrls,
    },
    required: ["email"],
  });
  return { cartCheckoutInput, orderCheckoutInput, productCheckoutInput };
}
