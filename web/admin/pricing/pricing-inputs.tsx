import { Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { currencyName, type PricingCurrency } from "./pricing-format.js";
import { pricingTexts } from "./pricing-texts.js";

/**
 * An input's help under it rather than over it, so the inputs of one row line up whether or not
 * each has a line of help.
 */
export const BELOW = {
  inputWrapperOrder: ["label", "input", "description", "error"] as ("label" | "input" | "description" | "error")[],
};

/** A title per site language, side by side (one under another on a phone); marks keyed `title.{language}`. */
export function TitleInputs({
  title,
  errors,
  onChange,
}: {
  title: Record<string, string>;
  errors: Record<string, string>;
  onChange(title: Record<string, string>): void;
}) {
  const t = pricingTexts();
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(LANGUAGES.length, 3) }}>
      {LANGUAGES.map((language) => (
        <TextInput
          key={language}
          lang={language}
          label={t.titleIn(language)}
          value={title[language] ?? ""}
          error={errors[`title.${language}`]}
          onChange={(e) => onChange({ ...title, [language]: e.currentTarget.value })}
          data-testid={`title-${language}`}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * A money field: the typed decimal text (never a number), with the currency's symbol before it
 * and its code after, so the owner sees what it is in.
 */
export function MoneyInput({
  label,
  description,
  currency,
  value,
  error,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  currency: PricingCurrency | undefined;
  value: string;
  error?: string;
  onChange(value: string): void;
  testId: string;
}) {
  const decimals = currency?.decimals ?? 2;
  const mark = pricingTexts().language === "ru" ? "," : ".";
  return (
    <TextInput
      label={label}
      description={description}
      {...BELOW}
      inputMode="decimal"
      leftSection={currency?.symbol ?? undefined}
      rightSection={
        currency ? (
          <Text size="xs" c="dimmed">
            {currency.slug.toUpperCase()}
          </Text>
        ) : undefined
      }
      rightSectionWidth={48}
      // The decimal mark the owner types in their language (checkMoney takes both).
      placeholder={decimals > 0 ? `0${mark}${"0".repeat(decimals)}` : "0"}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}

/** A currency chosen by its name and symbol ("Euro (€)"); `clearable` when none is a choice ("Any currency"). */
export function CurrencySelect({
  currencies,
  label,
  description,
  placeholder,
  value,
  error,
  clearable = false,
  onChange,
  testId,
}: {
  currencies: PricingCurrency[];
  label: string;
  description?: string;
  placeholder?: string;
  value: string | null;
  error?: string;
  clearable?: boolean;
  onChange(value: string | null): void;
  testId: string;
}) {
  const t = pricingTexts();
  return (
    <Select
      label={label}
      description={description}
      {...BELOW}
      placeholder={placeholder ?? t.chooseCurrency}
      data={currencies.map((c) => ({ value: c.id, label: currencyName(c, t.language) }))}
      value={value}
      error={error}
      clearable={clearable}
      allowDeselect={clearable}
      onChange={onChange}
      comboboxProps={DROPDOWN}
      data-testid={testId}
    />
  );
}

/**
 * Where the pricing forms' lists open: over the page, and shown even while their input is off
 * the screen. Focusing a select low on a phone's page scrolls the page away from it (seen in
 * Chromium's phone mode, on the product editor's selects too), and a list hidden with its
 * "detached" input would leave the owner with nothing to pick from.
 */
export const DROPDOWN = { withinPortal: true, hideDetached: false } as const;
