import type { CloudPaymentsSettings } from "../../../config.js";
import { CloudPaymentsProvider } from "./cloudpayments.js";
import type { SiteAddress } from "./provider.js";

/**
 * TipTopPay: CloudPayments' fork with the same API and notifications (orders/create, Basic auth,
 * Content-HMAC, the Check codes) under its own address, https://api.tiptoppay.kz by default.
 */
export const tipTopPayProvider = (settings: CloudPaymentsSettings, site: SiteAddress) => new CloudPaymentsProvider("tiptoppay", settings, site);
