import { SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { EditorChoices } from "./product-api.js";
import type { ProductsTexts } from "./products-texts.js";

/** A price's place in the form: the store (empty for the product's own) and the currency. */
export const priceKey = (storeId: string | null | undefined, currencyId: string) => `${storeId ?? ""}|${currencyId}`;

/** The exact decimal a money field holds, or why not ("12.50"; as many decimals as the currency has). */
export function amountError(value: string, decimals: number): string | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  const match = /^\d{1,18}(?:\.(\d+))?$/.exec(text);
  if (!match) return "12.50";
  if ((match[1]?.length ?? 0) > decimals) return `≤ ${decimals}`;
  return undefined;
}

/**
 * The price in each currency as plain money fields (exact decimal strings, never numbers), and
 * beside them each chosen store's own price (an override; empty: the product's price applies).
 */
export function PriceFields({
  currencies,
  stores,
  values,
  errors,
  onChange,
  t,
}: {
  currencies: EditorChoices["currencies"];
  stores: { id: string; name: string }[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange(key: string, value: string): void;
  t: ProductsTexts;
}) {
  const field = (
    storeId: string | null,
    currency: EditorChoices["currencies"][number],
    label: string,
    description?: string,
  ) => {
    const key = priceKey(storeId, currency.id);
    return (
      <TextInput
        key={key}
        label={label}
        description={description}
        inputMode="decimal"
        leftSection={currency.symbol ?? undefined}
        rightSection={
          <Text size="xs" c="dimmed">
            {currency.slug.toUpperCase()}
          </Text>
        }
        rightSectionWidth={48}
        placeholder={currency.decimals > 0 ? `0.${"0".repeat(currency.decimals)}` : "0"}
        value={values[key] ?? ""}
        error={errors[key]}
        onChange={(event) => onChange(key, event.currentTarget.value)}
        data-testid={`price-${storeId ?? "own"}-${currency.slug}`}
      />
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.pricesHelp}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: Math.min(Math.max(currencies.length, 1), 3) }}>
        {currencies.map((currency) => field(null, currency, t.priceIn(currency.slug.toUpperCase())))}
      </SimpleGrid>
      {stores.map((store) => (
        <SimpleGrid key={store.id} cols={{ base: 1, sm: Math.min(Math.max(currencies.length, 1), 3) }}>
          {currencies.map((currency) =>
            field(
              store.id,
              currency,
              `${t.storePrice(store.name)}: ${t.priceIn(currency.slug.toUpperCase())}`,
              t.storePriceHelp,
            ),
          )}
        </SimpleGrid>
      ))}
    </Stack>
  );
}
