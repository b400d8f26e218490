import { useEffect, useState } from "react";
import { api } from "../../../api/client.js";
import type { Provider } from "./shop-api.js";

/** GET /api/billing/payment-intents/providers: the providers configured on this server (public). */
export const PROVIDERS_API = "/api/billing/payment-intents/providers";

let asked: Promise<Provider[] | undefined> | undefined;

/**
 * The payment providers this server can take payments with, asked once per page after
 * hydration; undefined until known (or when the server cannot say), so forms offer all of them.
 */
export function useConfiguredProviders(): Provider[] | undefined {
  const [names, setNames] = useState<Provider[]>();
  useEffect(() => {
    let live = true;
    asked ??= api<Provider[]>(PROVIDERS_API).catch(() => undefined);
    void asked.then((found) => live && setNames(Array.isArray(found) ? found : undefined));
    return () => {
      live = false;
    };
  }, []);
  return names;
}
