import { variant, type ModuleVariants } from "../../variant-types.js";

/** The billing module's variants: its widget's default (texts) and the dummy provider's payment page. */
export const variants: ModuleVariants = {
  "billing/widgets": {
    default: variant("site/render/text-widget.tsx", () => import("../../render/text-widget.js"), "TextWidgetDefault"),
    "dummy-payment-default": variant(
      "site/modules/billing/widget-dummy-payment-default.tsx",
      () => import("./widget-dummy-payment-default.js"),
      "DummyPaymentDefault",
    ),
  },
};
