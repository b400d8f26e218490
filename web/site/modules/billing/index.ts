import type { ModuleVariants } from "../../variant-types.js";
import { DummyPaymentDefault } from "./widget-dummy-payment-default.js";

/** The billing module's variants: the dummy provider's payment page. */
export const variants: ModuleVariants = {
  "billing/widgets": { "dummy-payment-default": DummyPaymentDefault },
};
