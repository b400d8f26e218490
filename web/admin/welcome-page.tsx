import { Anchor, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useModels } from "./data/models-context.js";
import { wordsTexts } from "./words-texts.js";

/** /admin/models, the dashboard's "All models": what the registry holds and how to reach it. */
export function WelcomePage() {
  const { list } = useModels();
  const t = wordsTexts();
  const modules = new Set(list.map((m) => m.module));
  const relations = list.filter((m) => m.kind === "relation").length;
  return (
    <Paper withBorder p="xl" radius="md" maw={720} data-testid="all-models">
      <Anchor component={Link} to="/admin" size="sm">
        ← {t.dashboard}
      </Anchor>
      <Title order={2} mb="xs">
        {t.allModels}
      </Title>
      <Text c="dimmed" mb="lg">
        {t.modelsIntro}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label={t.modules} value={modules.size} />
        <Stat label={t.entities} value={list.length - relations} />
        <Stat label={t.relations} value={relations} />
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
