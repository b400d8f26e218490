import { Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { useModels } from "./data/models-context.js";
import { wordsTexts } from "./words-texts.js";

/** /admin with no model chosen: what is here and how to start. */
export function WelcomePage() {
  const { list } = useModels();
  const modules = new Set(list.map((m) => m.module));
  const relations = list.filter((m) => m.kind === "relation").length;
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <Title order={2} mb="xs">
        Back office
      </Title>
      <Text c="dimmed" mb="lg">
        Choose a model in the list at the left to see its records. Tables, forms and relation sub-tables are generated
        from the schemas.
      </Text>
      <SimpleGrid cols={3}>
        <Stat label={wordsTexts().modules} value={modules.size} />
        <Stat label={wordsTexts().entities} value={list.length - relations} />
        <Stat label={wordsTexts().relations} value={relations} />
      </SimpleGrid>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
