import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useActivity } from "./activity-log.js";
import { wordsTexts } from "../words-texts.js";

const COLORS = { create: "green", update: "blue", delete: "red" } as const;

/** The model's last admin actions in this browser session. */
export function ActivityPanel({ modelId }: { modelId: string }) {
  const [items, clear] = useActivity(modelId);
  const t = wordsTexts();
  return (
    <Paper withBorder p="md" radius="md" data-testid="activity-log">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t.recentActivity}</Title>
        {items.length > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={clear}>
            {t.clear}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noActivity}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <Badge size="sm" variant="light" color={COLORS[item.action]} w={70}>
                {t.actions[item.action]}
              </Badge>
              <Text size="sm" truncate flex={1}>
                {item.label}
              </Text>
              <Text size="xs" c="dimmed">
                {new Date(item.at).toLocaleTimeString()}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
