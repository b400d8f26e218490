import { useEffect, useState } from "react";
import { api } from "../../../../api/client.js";
import type { ProviderOption } from "../helpers/shop-api.js";

/** GET /api/billing/payment-intents/providers: the providers configured on this server (public); ?as=options adds their labels. */
export const PROVIDERS_API = "/api/billing/payment-intents/providers";

let asked: Promise<ProviderOption[] | undefined> | undefined;

/**
 * The payment providers this server can take payments with, with their labels, asked once per
 * page after hydration; undefined until known (or when the server cannot say).
 */
export function useConfiguredProviders(): ProviderOption[] | undefined {
  const [options, setOptions] = useState<ProviderOption[]>();
  useEffect(() => {
    let live = true;
    asked ??= api<ProviderOption[]>(PROVIDERS_API, { query: { as: "options" } }).catch(() => undefined);
    void asked.then((found) => live && setOptions(Array.isArray(found) ? found : undefined));
    return () => {
      live = false;
    };
  }, []);
  return options;
}
