import { useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { loadCurrencies } from "./pricing-api.js";
import type { PricingCurrency } from "./pricing-format.js";

/** The shop's currencies for a pricing form's currency select: undefined while they load (a failure is a toast). */
export function useCurrencies(): PricingCurrency[] | undefined {
  const [currencies, setCurrencies] = useState<PricingCurrency[]>();
  useEffect(() => {
    const controller = new AbortController();
    loadCurrencies(controller.signal).then(setCurrencies, (e) => controller.signal.aborted || notifyError(e));
    return () => controller.abort();
  }, []);
  return currencies;
}
