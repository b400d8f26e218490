import { Checkbox, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { discountFormOf, discountInputOf, DISCOUNT_FIELDS, emptyDiscount, type DiscountForm } from "./discount-form.js";
import { loadTargets } from "./discount-targets.js";
import { DiscountValueFields } from "./discount-value-fields.js";
import { discountsTexts } from "./discounts-texts.js";
import {
  CATEGORIES,
  DISCOUNT_CODES,
  deleteRecord,
  stateOf,
  loadRecord,
  PRODUCTS,
  saveDiscountCode,
  type DiscountCode,
} from "./pricing-api.js";
import { BELOW } from "./pricing-inputs.js";
import { pricingTexts } from "./pricing-texts.js";
import { RecordMultiSelect } from "./record-pickers.js";
import { FormSection as Section, RecordPageFrame } from "./record-page-frame.js";
import { fieldErrorsOf, isTaken } from "./server-causes.js";
import { useCurrencies } from "./use-currencies.js";
import { useRecordEditor } from "./use-record-editor.js";

/**
 * /admin/discounts/{id} (and /admin/discounts/new): one discount code as the owner sets it — the
 * code, its kind (a percent, an amount in a currency, or free delivery) and value, the products
 * and categories it is limited to picked by their titles, the goods' minimum, when it starts and
 * ends, how many orders may use it in all and per customer, whether it combines with other codes,
 * and whether it is active. A code taken in any case (SPRING10 and spring10) is said so on the code.
 */
export function DiscountCodePage() {
  const t = pricingTexts();
  const d = discountsTexts();
  const currencies = useCurrencies();
  const labels: Record<string, string> = {
    code: d.code,
    kind: d.kind,
    currencyId: t.currency,
    minSubtotal: d.minSubtotal,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    usageLimit: d.usageLimit,
    usageLimitPerCustomer: d.usageLimitPerCustomer,
    productIds: d.products,
    categoryIds: d.categories,
  };
  // The value's label follows the kind chosen (read when a save is refused).
  let valueLabel = d.percent;
  const editor = useRecordEditor<DiscountForm>({
    listPath: "/admin/discounts",
    empty: emptyDiscount,
    load: async (id, signal) => {
      const [code, targets] = await Promise.all([
        loadRecord<DiscountCode>(DISCOUNT_CODES, id, signal),
        loadTargets(id, signal),
      ]);
      return { form: discountFormOf(code, targets), etag: stateOf(code) };
    },
    check: (form) => discountInputOf(form, currencies ?? [], t, d).errors,
    // The code and its products and categories in one transaction: a refusal leaves nothing written.
    save: async (id, form, etag) => {
      const saved = await saveDiscountCode(
        id,
        {
          code: discountInputOf(form, currencies ?? [], t, d).input!,
          productIds: form.productIds,
          categoryIds: form.categoryIds,
        },
        etag,
      );
      return { id: saved.code.id, form: discountFormOf(saved.code, saved), etag: stateOf(saved.code) };
    },
    remove: (id) => deleteRecord(DISCOUNT_CODES, id),
    errorsOf: (error, form) =>
      isTaken(error) ? { code: d.codeTaken(form.code.trim()) } : fieldErrorsOf(error, DISCOUNT_FIELDS),
    labelOf: (key): string | undefined => labels[key] ?? (key === "value" ? valueLabel : undefined),
  });
  const { form, change, errors } = editor;
  valueLabel = form.kind === "amount" ? d.amount : d.percent;
  const heading = form.code.trim() ? form.code.trim().toUpperCase() : d.newCode;
  return (
    <RecordPageFrame
      testId="discount-editor"
      back={{ to: "/admin/discounts", label: d.discounts }}
      heading={editor.isNew && !form.code.trim() ? d.newCode : heading}
      deleteLabel={editor.isNew ? undefined : form.code.trim().toUpperCase()}
      editor={editor}
    >
      <Section title={d.code}>
        <Stack gap="sm">
          <TextInput
            label={d.code}
            description={d.codeHelp}
            {...BELOW}
            value={form.code}
            error={errors.code}
            onChange={(e) => change({ code: e.currentTarget.value })}
            autoCapitalize="characters"
            maw={420}
            data-testid="discount-code-input"
          />
          <Checkbox
            label={d.activeLabel}
            checked={form.active}
            onChange={(e) => change({ active: e.currentTarget.checked })}
            data-testid="discount-active-input"
          />
          {!editor.isNew ? (
            <Text size="sm" c="dimmed" data-testid="discount-used">
              {d.usedSoFar(form.used)}
            </Text>
          ) : null}
        </Stack>
      </Section>
      <Section title={d.discount}>
        <DiscountValueFields form={form} errors={errors} currencies={currencies ?? []} change={change} />
      </Section>
      <Section title={d.targets} help={d.targetsHelp}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <RecordMultiSelect
            modelId={PRODUCTS}
            label={d.products}
            placeholder={d.chooseProducts}
            value={form.productIds}
            error={errors.productIds}
            onChange={(productIds) => change({ productIds })}
            testId="discount-products-input"
          />
          <RecordMultiSelect
            modelId={CATEGORIES}
            label={d.categories}
            placeholder={d.chooseCategories}
            value={form.categoryIds}
            error={errors.categoryIds}
            onChange={(categoryIds) => change({ categoryIds })}
            testId="discount-categories-input"
          />
        </SimpleGrid>
      </Section>
      <Section title={d.limits}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(["startsAt", "endsAt"] as const).map((key) => (
              <TextInput
                key={key}
                type="datetime-local"
                label={d[key]}
                description={d.dateHelp}
                {...BELOW}
                value={form[key]}
                error={errors[key]}
                onChange={(e) => change({ [key]: e.currentTarget.value })}
                data-testid={`discount-${key}-input`}
              />
            ))}
            {(["usageLimit", "usageLimitPerCustomer"] as const).map((key) => (
              <TextInput
                key={key}
                label={d[key]}
                description={d.limitHelp}
                {...BELOW}
                inputMode="numeric"
                value={form[key]}
                error={errors[key]}
                onChange={(e) => change({ [key]: e.currentTarget.value })}
                data-testid={`discount-${key}-input`}
              />
            ))}
          </SimpleGrid>
          <Checkbox
            label={d.combinable}
            checked={form.combinable}
            onChange={(e) => change({ combinable: e.currentTarget.checked })}
            data-testid="discount-combinable-input"
          />
        </Stack>
      </Section>
    </RecordPageFrame>
  );
}
