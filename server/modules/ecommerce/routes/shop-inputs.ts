import { EMAIL, SITE_PATH, UUID, inputSchema } from "../../input.js";
import type { ProviderName } from "../../billing/index.js";
import { SHIPPING_ADDRESS, type ShippingAddress } from "../shipping-address.js";

// The shop's request bodies (docs/api.md "Shop wire shapes"), checked before anything runs.

const QUANTITY = { type: "integer", minimum: 1, maximum: 1_000_000, "x-message": "must be a positive integer" };
/**
 * `billingModule: { currency: { id } }`. The currency may be left out, or sent as `{}` as the
 * original client does before one is chosen: the checkout then charges the default currency.
 */
const CURRENCY = {
  type: "object",
  properties: { currency: { type: "object", properties: { id: { ...UUID, "x-message": "must be a currency's id" } } } },
};
type CurrencyChoice = { currency?: { id?: string } };
const returnUrls = { successUrl: SITE_PATH, cancelUrl: SITE_PATH };
/** The buyer's pricing choices (docs/shop-pricing.md): a delivery among the quote's options, and discount codes. */
const choices = {
  shippingRateId: { ...UUID, "x-message": "must be a shipping option's id" },
  discountCodes: {
    type: "array",
    maxItems: 10,
    items: { type: "string", minLength: 1, maxLength: 40, "x-message": "must be a code of at most 40 characters" },
  },
};
/** Who buys: the address goes beside `email` in every checkout body (needed when a line needs shipping). */
const buyer = { email: EMAIL, shippingAddress: SHIPPING_ADDRESS, ...choices };

// The original client also sends the cart's currency; a cart line has none (prices are read at
// checkout), so it is accepted and checked, not kept.
export const addToCartInput = inputSchema<{
  productId: string;
  quantity?: number;
  storeId?: string;
  billingModule?: CurrencyChoice;
}>({
  properties: {
    productId: { ...UUID, "x-message": "productId is required" },
    quantity: QUANTITY,
    storeId: UUID,
    billingModule: CURRENCY,
  },
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

export const lineUpdateInput = inputSchema<{ quantity: number }>({
  properties: { quantity: QUANTITY },
  required: ["quantity"],
});

interface Choices {
  shippingRateId?: string;
  discountCodes?: string[];
}

interface Payer extends Choices {
  provider?: ProviderName;
  email: string;
  shippingAddress?: ShippingAddress;
  successUrl?: string;
  cancelUrl?: string;
}

/** The orders of a checkout body, as the quote takes them. */
const ORDERS = {
  type: "object",
  properties: {
    orders: {
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { type: "object", properties: { id: { ...UUID, "x-message": "id is required" } }, required: ["id"] },
    },
  },
  required: ["orders"],
};

/**
 * The three checkouts' bodies for this app's provider list: `provider` must name a listed
 * provider ("Invalid provider"), configured or not (an unconfigured one is refused by name later).
 */
export function checkoutInputs(providers: readonly ProviderName[]) {
  const PROVIDER = { type: "string", enum: [...providers], "x-message": "Invalid provider" };
  const cartCheckoutInput = inputSchema<
    Payer & { billingModule?: CurrencyChoice; ecommerceModule: { orders: { id: string }[] } }
  >({
    properties: {
      provider: PROVIDER,
      ...buyer,
      billingModule: CURRENCY,
      ecommerceModule: ORDERS,
      ...returnUrls,
    },
    required: ["email", "ecommerceModule"],
  });

  const orderCheckoutInput = inputSchema<Payer & { billingModule?: CurrencyChoice }>({
    properties: { provider: PROVIDER, ...buyer, billingModule: CURRENCY, ...returnUrls },
    required: ["email"],
  });

  const productCheckoutInput = inputSchema<
    Payer & { quantity?: number; comment?: string; storeId?: string; billingModule?: CurrencyChoice }
  >({
    properties: {
      provider: PROVIDER,
      ...buyer,
      quantity: QUANTITY,
      comment: { type: "string", maxLength: 2000 },
      storeId: UUID,
      billingModule: CURRENCY,
      ...returnUrls,
    },
    required: ["email"],
  });
  return { cartCheckoutInput, orderCheckoutInput, productCheckoutInput };
}

/** The address as a quote takes it: its country (and region) is enough to price delivery and tax. */
const QUOTE_ADDRESS = { ...SHIPPING_ADDRESS, required: ["country"] };

/**
 * The quote's body: a cart checkout's, where the address may be only its country (and region),
 * and the email, the provider and the return paths are optional and not used.
 */
export const quoteInput = inputSchema<
  Choices & {
    email?: string;
    billingModule?: CurrencyChoice;
    ecommerceModule: { orders: { id: string }[] };
    shippingAddress?: Partial<ShippingAddress>;
  }
>({
  properties: {
    email: EMAIL,
    billingModule: CURRENCY,
    ecommerceModule: ORDERS,
    shippingAddress: QUOTE_ADDRESS,
    ...choices,
    provider: { type: "string" },
    ...returnUrls,
  },
  required: ["ecommerceModule"],
});

/** The product quote's body: the one-step product checkout's, with the same leniency as the cart's quote. */
export const productQuoteInput = inputSchema<
  Choices & {
    email?: string;
    quantity?: number;
    storeId?: string;
    billingModule?: CurrencyChoice;
    shippingAddress?: Partial<ShippingAddress>;
  }
>({
  properties: {
    email: EMAIL,
    quantity: QUANTITY,
    storeId: UUID,
    billingModule: CURRENCY,
    shippingAddress: QUOTE_ADDRESS,
    ...choices,
    provider: { type: "string" },
    comment: { type: "string", maxLength: 2000 },
    ...returnUrls,
  },
});
