import { Checkbox, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { countryOptions } from "../../../common/countries.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { textIn } from "../products/products-texts.js";
import { CATEGORIES, deleteRecord, loadRecord, stateOf, saveRecord, TAX_RATES, type TaxRate } from "./pricing-api.js";
import { BELOW, DROPDOWN, TitleInputs } from "./pricing-inputs.js";
import { pricingTexts } from "./pricing-texts.js";
import { RecordSelect } from "./record-pickers.js";
import { FormSection as Section, RecordPageFrame } from "./record-page-frame.js";
import { fieldErrorsOf } from "./server-causes.js";
import { emptyTax, TAX_FIELDS, taxFormOf, taxInputOf, type TaxForm } from "./tax-form.js";
import { taxesTexts } from "./taxes-texts.js";
import { useRecordEditor } from "./use-record-editor.js";

/**
 * /admin/taxes/{id} (and /admin/taxes/new): one tax rate as the owner sets it — its title per
 * language, the country picked by name, a region (empty: the whole country), the percent, the
 * category it is limited to picked by its title (empty: all products), and whether delivery is
 * taxed at it too. Save, Delete; leaving with unsaved edits asks first.
 */
export function TaxRatePage() {
  const t = pricingTexts();
  const x = taxesTexts();
  const labels: Record<string, string> = {
    country: x.country,
    region: x.region,
    rate: x.ratePercent,
    categoryId: x.category,
    taxShipping: x.taxShipping,
  };
  const editor = useRecordEditor<TaxForm>({
    listPath: "/admin/taxes",
    empty: emptyTax,
    load: async (id, signal) => {
      const rate = await loadRecord<TaxRate>(TAX_RATES, id, signal);
      return { form: taxFormOf(rate), etag: stateOf(rate) };
    },
    check: (form) => taxInputOf(form, LANGUAGES, t, x).errors,
    save: async (id, form, etag) => {
      const rate = await saveRecord<TaxRate>(TAX_RATES, id, taxInputOf(form, LANGUAGES, t, x).input!, etag);
      return { id: rate.id, form: taxFormOf(rate), etag: stateOf(rate) };
    },
    remove: (id) => deleteRecord(TAX_RATES, id),
    errorsOf: (error) => fieldErrorsOf(error, TAX_FIELDS),
    labelOf: (key) => labels[key] ?? (key.startsWith("title.") ? t.titleIn(key.slice(6)) : undefined),
  });
  const { form, change, errors } = editor;
  const countries = useMemo(() => countryOptions(t.language), [t.language]);
  const name = textIn(form.title, t.language);
  return (
    <RecordPageFrame
      testId="tax-editor"
      back={{ to: "/admin/taxes", label: x.taxes }}
      heading={name || (editor.isNew ? x.newRate : x.untitled)}
      deleteLabel={editor.isNew ? undefined : name || x.untitled}
      editor={editor}
    >
      <Section title={x.title} help={t.titleHelp}>
        <TitleInputs title={form.title} errors={errors} onChange={(title) => change({ title })} />
      </Section>
      <Section title={x.where}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={x.country}
            placeholder={x.chooseCountry}
            data={countries}
            value={form.country}
            error={errors.country}
            searchable
            nothingFoundMessage={t.nothingFound}
            onChange={(country) => change({ country })}
            comboboxProps={DROPDOWN}
            data-testid="tax-country-input"
          />
          <TextInput
            label={x.region}
            description={x.regionHelp}
            {...BELOW}
            value={form.region}
            error={errors.region}
            onChange={(e) => change({ region: e.currentTarget.value })}
            data-testid="tax-region-input"
          />
        </SimpleGrid>
      </Section>
      <Section title={x.what} help={x.whatHelp}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={x.ratePercent}
              description={x.rateHelp}
              {...BELOW}
              inputMode="decimal"
              rightSection="%"
              value={form.rate}
              error={errors.rate}
              onChange={(e) => change({ rate: e.currentTarget.value })}
              data-testid="tax-rate-input"
            />
            <RecordSelect
              modelId={CATEGORIES}
              label={x.category}
              description={x.categoryHelp}
              placeholder={x.allProducts}
              value={form.categoryId}
              error={errors.categoryId}
              onChange={(categoryId) => change({ categoryId })}
              testId="tax-category-input"
            />
          </SimpleGrid>
          <Checkbox
            label={x.taxShipping}
            checked={form.taxShipping}
            onChange={(e) => change({ taxShipping: e.currentTarget.checked })}
            data-testid="tax-shipping-input"
          />
        </Stack>
      </Section>
    </RecordPageFrame>
  );
}
