import { useState } from "react";
import { useSession } from "../../../session/use-session.js";
import { goTo } from "../../rbac/routes.js";
import { useAction } from "../../rbac/use-action.js";
import type { Currency } from "../helpers/price.js";
import {
  DEFAULT_PROVIDER,
  isEmail,
  paymentHref,
  returnPaths,
  type CheckoutAnswer,
  type Provider,
} from "../helpers/shop-api.js";
import { rememberCheckedOut } from "./checked-out-orders.js";
import { useConfiguredProviders } from "./use-configured-providers.js";
import { useAddress } from "./use-address.js";
import { useShop } from "../helpers/use-shop.js";
import { useStockTitles, withStockError } from "../helpers/stock-titles.js";

/** What every checkout call sends besides its own fields. */
export interface CheckoutValues {
  provider: Provider;
  email: string;
  /** The shipping address, when a line needs shipping (send it as `shippingAddress`). */
  shippingAddress?: Record<string, string>;
  currency?: Currency;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The state every checkout form shares (cart, one order, one product): the currency (the default
 * one until chosen), the provider (dummy until chosen, among those the server has settings for),
 * the invoice email (the subject's own until
 * edited); then `submit` checks the email, calls the checkout and goes to the payment URL.
 */
export function useCheckoutForm(currencies: Currency[], needsShipping = false) {
  const { language, t } = useShop();
  const titleOf = useStockTitles();
  const { state: session } = useSession();
  const ownEmail = session.status === "signed-in" ? (session.subject.identities.find((i) => i.email)?.email ?? "") : "";
  const [typedEmail, setTypedEmail] = useState<string>();
  const [emailError, setEmailError] = useState<string>();
  const [chosenProvider, setProvider] = useState<Provider>(DEFAULT_PROVIDER);
  const options = useConfiguredProviders();
  const configured = options?.map((option) => option.value);
  // Dummy until chosen; a server without it (production) starts on its first configured one.
  const provider =
    !configured || configured.includes(chosenProvider) ? chosenProvider : (configured[0] ?? chosenProvider);
  const [currencyId, setCurrencyId] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const email = typedEmail ?? ownEmail;
  const address = useAddress(needsShipping);
  const currency = currencies.find((c) => c.id === currencyId) ?? currencies.find((c) => c.isDefault) ?? currencies[0];

  const { pending, act } = useAction(
    async (run: (values: CheckoutValues) => Promise<CheckoutAnswer>, shippingAddress?: Record<string, string>) => {
      // Too few items left is the server's 409: said in the page's language, naming the product.
      const answer = await withStockError(
        run({
          provider,
          email: email.trim(),
          currency,
          ...(shippingAddress ? { shippingAddress } : {}),
          ...returnPaths(language),
        }),
        language,
        titleOf,
      );
      setLeaving(true);
      const href = paymentHref(answer, language);
      // The thank-you page names these orders when the payer comes back (payment-notice.tsx).
      rememberCheckedOut((answer.ecommerceModule?.orders ?? []).map((order) => order.id));
      goTo(href);
    },
  );

  /** Checks the email, then runs the checkout call; false when the form has an error. */
  const submit = (run: (values: CheckoutValues) => Promise<CheckoutAnswer>): boolean => {
    const emailOk = isEmail(email);
    if (!emailOk) setEmailError(t("invalidEmail"));
    const shippingAddress = needsShipping ? address.check() : undefined;
    if (!emailOk || (needsShipping && !shippingAddress)) return false;
    void act(run, shippingAddress);
    return true;
  };

  return {
    email,
    setEmail: (value: string) => {
      setTypedEmail(value);
      setEmailError(undefined);
    },
    emailError,
    /** The shipping address fields' state (shown when `address.needed`). */
    address,
    provider,
    setProvider,
    /** The providers the server has settings for, with their labels (undefined until known). */
    options,
    currency,
    setCurrencyId,
    pending: pending || leaving,
    submit,
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
