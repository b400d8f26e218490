import { Select, Stack, TextInput } from "@mantine/core";
import { CurrencyToggle } from "./currency-toggle.js";
import type { Currency } from "./price.js";
import { PROVIDER_NAMES, PROVIDERS, type Provider } from "./shop-api.js";
import type { CheckoutForm } from "./use-checkout-form.js";
import { useShop } from "./use-shop.js";

/** The fields every checkout asks for: currency toggle, payment provider, invoice email. */
export function CheckoutFields({ form, currencies }: { form: CheckoutForm; currencies: Currency[] }) {
  const { t } = useShop();
  const providers = PROVIDERS.map((value) => ({
    value,
    label: value === "dummy" ? t("providerDummy") : PROVIDER_NAMES[value],
    disabled: form.configured ? !form.configured.includes(value) : false,
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
