import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import type { Texts } from "./product-api.js";
import type { ProductsTexts } from "./products-texts.js";

export type AttributeRow = { name: Texts; value: Texts };

/** Name/value rows (Material: Linen) in each language: the product's feature attributes. */
export function AttributeRows({
  rows,
  errors,
  onChange,
  t,
}: {
  rows: AttributeRow[];
  errors: Record<string, string>;
  onChange(rows: AttributeRow[]): void;
  t: ProductsTexts;
}) {
  const set = (index: number, part: "name" | "value", language: string, text: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [part]: { ...row[part], [language]: text } } : row)));
  return (
    <Stack gap="xs" data-testid="product-attributes">
      <Text size="sm" c="dimmed">
        {t.attributesHelp}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="wrap" data-testid="attribute-row">
          {LANGUAGES.map((language) => (
            <Group key={language} gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 280 }}>
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                label={`${t.attributeName} (${t.altIn(language)})`}
                lang={language}
                value={row.name[language] ?? ""}
                error={language === LANGUAGES[0] ? errors[`attributes[${index}].name`] : undefined}
                onChange={(event) => set(index, "name", language, event.currentTarget.value)}
                data-testid={`attribute-name-${language}`}
              />
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                label={`${t.attributeValue} (${t.altIn(language)})`}
                lang={language}
                value={row.value[language] ?? ""}
                error={language === LANGUAGES[0] ? errors[`attributes[${index}].value`] : undefined}
                onChange={(event) => set(index, "value", language, event.currentTarget.value)}
                data-testid={`attribute-value-${language}`}
              />
            </Group>
          ))}
          <ActionIcon
            variant="default"
            mt={22}
            aria-label={t.remove}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            data-testid="attribute-remove"
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() => onChange([...rows, { name: {}, value: {} }])}
          data-testid="attribute-add"
        >
          {t.addAttribute}
        </Button>
      </Group>
    </Stack>
  );
}
