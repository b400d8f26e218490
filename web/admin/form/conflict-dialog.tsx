import { Button, Group, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { liveTexts } from "../live/live-texts.js";
import type { ConflictRow } from "./conflict-rows.js";

export type ConflictChoice = "reload" | "keep-mine";

interface Props {
  rows: ConflictRow[];
  onChoose(choice: ConflictChoice): void;
}

/**
 * A save refused because someone else saved the record after it was read (412): their version
 * and the editor's side by side, field by field (a language map one language a line), and the two
 * ways on: Reload (take theirs) or Keep mine (save mine over theirs). It has no close button:
 * one of the two must be chosen, as the save waits for it.
 */
export function ConflictDialog({ rows, onChoose }: Props) {
  const t = liveTexts();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
      title={
        <Title order={2} size="h4">
          {t.conflictTitle}
        </Title>
      }
      data-testid="edit-conflict"
    >
      <Stack gap="sm" data-testid="conflict-dialog">
        <Text size="sm">{t.conflictText}</Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.sameValues}
          </Text>
        ) : (
          <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{t.field}</Table.Th>
                <Table.Th>{t.theirs}</Table.Th>
                <Table.Th>{t.mine}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid="conflict-row" data-field={row.key}>
                  <Table.Th scope="row" fw={600}>
                    {row.label}
                    {row.language ? (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        ({t.languages[row.language] ?? row.language})
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td lang={row.language} data-testid="conflict-theirs" style={{ overflowWrap: "anywhere" }}>
                    {row.theirs || (
                      <Text span c="dimmed" size="sm">
                        {t.empty}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td lang={row.language} data-testid="conflict-mine" style={{ overflowWrap: "anywhere" }}>
                    {row.mine || (
                      <Text span c="dimmed" size="sm">
                        {t.empty}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" gap="sm" mt="xs" align="flex-start">
          <Stack gap={2} align="flex-end">
            <Button variant="default" onClick={() => onChoose("reload")} data-testid="conflict-reload" data-autofocus>
              {t.reload}
            </Button>
            <Text size="xs" c="dimmed" maw={220} ta="right">
              {t.reloadHint}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Button color="red" onClick={() => onChoose("keep-mine")} data-testid="conflict-keep-mine">
              {t.keepMine}
            </Button>
            <Text size="xs" c="dimmed" maw={220} ta="right">
              {t.keepMineHint}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Modal>
  );
}
