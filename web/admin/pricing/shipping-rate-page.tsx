import { MultiSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { countryOptions } from "../../../common/countries.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { textIn } from "../products/products-texts.js";
import { deleteRecord, loadRecord, stateOf, saveRecord, SHIPPING_RATES, type ShippingRate } from "./pricing-api.js";
import { BELOW, CurrencySelect, DROPDOWN, MoneyInput, TitleInputs } from "./pricing-inputs.js";
import { pricingTexts } from "./pricing-texts.js";
import { FormSection as Section, RecordPageFrame } from "./record-page-frame.js";
import { fieldErrorsOf } from "./server-causes.js";
import { emptyShipping, SHIPPING_FIELDS, shippingFormOf, shippingInputOf, type ShippingForm } from "./shipping-form.js";
import { shippingTexts } from "./shipping-texts.js";
import { useCurrencies } from "./use-currencies.js";
import { useRecordEditor } from "./use-record-editor.js";

/**
 * /admin/shipping/{id} (and /admin/shipping/new): one delivery price as the owner sets it — its
 * title per language, the countries it delivers to picked by name (none: everywhere), the price
 * in a currency chosen by name and symbol, the weight and goods bands it is offered in, and the
 * goods' amount from which it is free. Save, Delete; leaving with unsaved edits asks first.
 */
export function ShippingRatePage() {
  const t = pricingTexts();
  const s = shippingTexts();
  const currencies = useCurrencies();
  const labels: Record<string, string> = {
    countries: s.countries,
    currencyId: t.currency,
    amount: s.amount,
    minWeight: s.minWeight,
    maxWeight: s.maxWeight,
    minSubtotal: s.minSubtotal,
    maxSubtotal: s.maxSubtotal,
    freeFrom: s.freeFrom,
  };
  const editor = useRecordEditor<ShippingForm>({
    listPath: "/admin/shipping",
    empty: () => emptyShipping(null),
    load: async (id, signal) => {
      const rate = await loadRecord<ShippingRate>(SHIPPING_RATES, id, signal);
      return { form: shippingFormOf(rate), etag: stateOf(rate) };
    },
    check: (form) => shippingInputOf(form, currencies ?? [], LANGUAGES, t, s).errors,
    save: async (id, form, etag) => {
      const { input } = shippingInputOf(form, currencies ?? [], LANGUAGES, t, s);
      const rate = await saveRecord<ShippingRate>(SHIPPING_RATES, id, input!, etag);
      return { id: rate.id, form: shippingFormOf(rate), etag: stateOf(rate) };
    },
    remove: (id) => deleteRecord(SHIPPING_RATES, id),
    errorsOf: (error) => fieldErrorsOf(error, SHIPPING_FIELDS),
    labelOf: (key) => labels[key] ?? (key.startsWith("title.") ? t.titleIn(key.slice(6)) : undefined),
  });
  const { form, change, errors } = editor;
  // A new rate starts in the shop's default currency.
  useEffect(() => {
    if (editor.isNew && !editor.dirty && currencies?.length) editor.start({ ...form, currencyId: currencies[0]!.id });
  }, [currencies]);
  const countries = useMemo(() => countryOptions(t.language), [t.language]);
  const currency = currencies?.find((c) => c.id === form.currencyId);
  const name = textIn(form.title, t.language);
  const money = (key: "amount" | "minSubtotal" | "maxSubtotal" | "freeFrom", label: string, help?: string) => (
    <MoneyInput
      label={label}
      description={help}
      currency={currency}
      value={form[key]}
      error={errors[key]}
      onChange={(value) => change({ [key]: value })}
      testId={`shipping-${key}`}
    />
  );
  const grams = (key: "minWeight" | "maxWeight", label: string) => (
    <TextInput
      label={label}
      inputMode="numeric"
      rightSection={
        <Text size="xs" c="dimmed">
          {t.language === "ru" ? "г" : "g"}
        </Text>
      }
      value={form[key]}
      error={errors[key]}
      onChange={(e) => change({ [key]: e.currentTarget.value })}
      data-testid={`shipping-${key}`}
    />
  );
  return (
    <RecordPageFrame
      testId="shipping-editor"
      back={{ to: "/admin/shipping", label: s.shipping }}
      heading={name || (editor.isNew ? s.newRate : s.untitled)}
      deleteLabel={editor.isNew ? undefined : name || s.untitled}
      editor={editor}
    >
      <Section title={s.title} help={t.titleHelp}>
        <TitleInputs title={form.title} errors={errors} onChange={(title) => change({ title })} />
      </Section>
      <Section title={s.where}>
        <MultiSelect
          label={s.countries}
          description={s.countriesHelp}
          {...BELOW}
          placeholder={form.countries.length ? undefined : s.everywhere}
          data={countries}
          value={form.countries}
          error={errors.countries}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t.nothingFound}
          onChange={(list) => change({ countries: list })}
          comboboxProps={DROPDOWN}
          data-testid="shipping-countries-input"
        />
      </Section>
      <Section title={s.cost}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <CurrencySelect
            currencies={currencies ?? []}
            label={t.currency}
            value={form.currencyId}
            error={errors.currencyId}
            onChange={(currencyId) => change({ currencyId })}
            testId="shipping-currency"
          />
          {money("amount", s.amount)}
          {money("freeFrom", s.freeFrom, s.freeFromHelp)}
        </SimpleGrid>
      </Section>
      <Section title={s.when} help={s.whenHelp}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {grams("minWeight", s.minWeight)}
            {grams("maxWeight", s.maxWeight)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {money("minSubtotal", s.minSubtotal)}
            {money("maxSubtotal", s.maxSubtotal)}
          </SimpleGrid>
        </Stack>
      </Section>
    </RecordPageFrame>
  );
}
