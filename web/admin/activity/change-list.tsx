import { Stack, Text } from "@mantine/core";
import type { ActivityTexts } from "./activity-texts.js";
import type { ChangeRow } from "./change-rows.js";

/** An entry's changed fields, each "Title: before → after", wrapping on a phone rather than widening the screen. */
export function ChangeList({ rows, t }: { rows: ChangeRow[]; t: ActivityTexts }) {
  return (
    <Stack gap={6} data-testid="activity-changes">
      {rows.map((row) => (
        <div key={row.field} data-testid="activity-change" data-field={row.field}>
          <Text size="xs" fw={600}>
            {row.label}
          </Text>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Text span c="dimmed" fs={row.hidden ? "italic" : undefined} title={t.before} data-testid="change-before">
              {row.before}
            </Text>
            {" → "}
            <Text span fs={row.hidden ? "italic" : undefined} title={t.after} data-testid="change-after">
              {row.after}
            </Text>
          </Text>
        </div>
      ))}
    </Stack>
  );
}
