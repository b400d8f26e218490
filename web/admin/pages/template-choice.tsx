import { Group, Radio, SimpleGrid, Text } from "@mantine/core";
import { pageCopyTexts } from "./page-copy-texts.js";
import { textOf, type PageRow } from "./pages-api.js";

/** The blank page's value among the choices (templates are chosen by their page id). */
export const BLANK = "blank";

interface Props {
  templates: PageRow[];
  value: string;
  onChange(value: string): void;
  language: string;
}

/** The New page dialog's "Start from": a blank page or one of the templates, each a card with its title and what it holds. */
export function TemplateChoice({ templates, value, onChange, language }: Props) {
  const t = pageCopyTexts();
  const card = (id: string, title: string, description: string, testId: string) => (
    <Radio.Card
      key={id}
      value={id}
      radius="md"
      p="sm"
      // Mantine's card has no checked look of its own: the chosen one is outlined.
      style={id === value ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
      data-testid={testId}
      data-checked={id === value ? "true" : "false"}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Radio.Indicator mt={2} />
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {description}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
  return (
    <Radio.Group label={t.startFrom} value={value} onChange={onChange} data-testid="new-page-start">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
        {card(BLANK, t.blank, t.blankHelp, "new-page-blank")}
        {templates.map((template) =>
          card(
            template.id,
            textOf(template.title, language) || template.adminTitle || template.url,
            textOf(template.description, language),
            "new-page-template",
          ),
        )}
      </SimpleGrid>
    </Radio.Group>
  );
}
