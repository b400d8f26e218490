import { Select, TextInput } from "@mantine/core";
import { Stack } from "../../render/primitives.js";
import { CurrencyToggle } from "./currency-toggle.js";
import type { Currency } from "./price.js";
import { PROVIDER_NAMES, PROVIDERS, type Provider } from "./shop-api.js";
import type { CheckoutForm } from "./use-checkout-form.js";
import { useShop } from "./use-shop.js";

/** The fields every checkout asks for: currency toggle, payment provider, invoice email. */
export function CheckoutFields({ form, currencies }: { form: CheckoutForm; currencies: Currency[] }) {
  const { t } = useShop();
  // Only the providers this server has settings for are offered (all of them until the list arrives).
  const providers = PROVIDERS.filter((value) => !form.configured || form.configured.includes(value)).map((value) => ({
    value,
    label: value === "dummy" ? t("providerDummy") : PROVIDER_NAMES[value],
  }));
  return (
    <Stack gap="sm">
      <CurrencyToggle currencies={currencies} value={form.currency?.id} onChange={form.setCurrencyId} />
      <Select
        label={t("provider")}
        data={providers}
        value={form.provider}
        onChange={(value) => value && form.setProvider(value as Provider)}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true, zIndex: 1100 }}
        data-provider-select=""
      />
      <TextInput
        label={t("invoiceEmail")}
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(event) => form.setEmail(event.currentTarget.value)}
        error={form.emailError}
        required
      />
    </Stack>
  );
}
