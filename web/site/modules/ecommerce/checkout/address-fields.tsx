import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { Stack, Text } from "../../../render/primitives.js";
import { countryOptions } from "../../../../../common/countries.js";
import { useShop } from "../helpers/use-shop.js";
import type { AddressField, AddressState } from "./use-address.js";

/** The shipping address fields, shown when a line needs shipping: both languages, country names in the page's. */
export function AddressFields({ state }: { state: AddressState }) {
  const { t, language } = useShop();
  const countries = useMemo(() => countryOptions(language), [language]);
  const input = (field: AddressField, label: Parameters<typeof t>[0], autoComplete: string, required = true) => (
    <TextInput
      label={t(label)}
      value={state.address[field]}
      onChange={(event) => state.set(field, event.currentTarget.value)}
      error={state.errors[field] ? t(state.errors[field]!) : undefined}
      autoComplete={autoComplete}
      required={required}
      maxLength={200}
      data-address-field={field}
    />
  );
  return (
    <Stack gap="xs" data-shipping-address="">
      <Text fw={600}>{t("shippingAddress")}</Text>
      {input("name", "addressName", "shipping name")}
      {input("line1", "addressLine1", "shipping address-line1")}
      {input("line2", "addressLine2", "shipping address-line2", false)}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {input("postalCode", "addressPostalCode", "shipping postal-code")}
        {input("city", "addressCity", "shipping address-level2")}
      </SimpleGrid>
      <Select
        label={t("addressCountry")}
        data={countries}
        value={state.address.country || null}
        onChange={(value) => state.set("country", value ?? "")}
        error={state.errors.country ? t(state.errors.country) : undefined}
        searchable
        required
        autoComplete="shipping country"
        comboboxProps={{ withinPortal: true, zIndex: 1100 }}
        data-address-field="country"
      />
      {input("region", "addressRegion", "shipping address-level1", false)}
      {input("phone", "addressPhone", "shipping tel", false)}
    </Stack>
  );
}
