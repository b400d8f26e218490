import { CloudPaymentsProvider, cloudPaymentsFromEnv, type CloudPaymentsSettings } from "./cloudpayments.js";
import type { ProviderDefinition } from "./definition.js";

/**
 * TipTopPay: CloudPayments' fork with the same API and notifications (orders/create, Basic auth,
 * Content-HMAC, the Check codes) under its own address, https://api.tiptoppay.kz by default.
 */
export const tipTopPay: ProviderDefinition<CloudPaymentsSettings> = {
  name: "tiptoppay",
  label: "TipTop Pay",
  env: ["TIPTOPPAY_PUBLIC_ID", "TIPTOPPAY_API_SECRET", "TIPTOPPAY_API_URL"],
  fromEnv: (env) => cloudPaymentsFromEnv(env, "TIPTOPPAY", "https://api.tiptoppay.kz"),
  create: (settings, { site }) => new CloudPaymentsProvider("tiptoppay", settings, site),
};
