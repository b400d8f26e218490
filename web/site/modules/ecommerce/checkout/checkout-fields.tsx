import { Select, TextInput } from "@mantine/core";
import { Stack } from "../../../render/primitives.js";
import { CurrencyToggle } from "../products/currency-toggle.js";
import type { Currency } from "../helpers/price.js";
import type { Provider } from "../helpers/shop-api.js";
import type { CheckoutForm } from "./use-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";
import { AddressFields } from "./address-fields.js";

/** The fields every checkout asks for: currency toggle, payment provider, invoice email, and the shipping address when a line needs it. */
export function CheckoutFields({ form, currencies }: { form: CheckoutForm; currencies: Currency[] }) {
  const { t } = useShop();
  // The providers this server has settings for, as it labels them (the chosen one until the list
  // arrives: the page is rendered before it is asked for); dummy in the page's language.
  const offered = form.options ?? [{ value: form.provider, label: form.provider }];
  const providers = offered.map(({ value, label }) => ({
    value,
    label: value === "dummy" ? t("providerDummy") : label,
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
      {form.address.needed ? <AddressFields state={form.address} /> : null}
    </Stack>
  );
}
