import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { versionDiff, type DiffLine } from "../../../engine/admin/version-diff.js";
import { notifyError, notifySuccess } from "../notify.js";
import { listVersions, restoreVersion, versionSnapshot, type VersionEntry } from "./editorial-api.js";
import { editorialTexts, formatWhen } from "./editorial-texts.js";

type Row = Record<string, any>;

interface Props {
  model: AdminModel;
  /** The current working copy: what a version is compared with. */
  record: Row;
  onClose(): void;
  /** After a restore: the form reloads the record. */
  onRestored(): void;
}

/**
 * History: the record's versions, newest first (what kind, who, when, which fields); a chosen one
 * is compared field by field with the current working copy, and can be restored after a
 * confirmation (the working copy becomes it; the published version waits for a publish).
 */
export function HistoryDrawer({ model, record, onClose, onRestored }: Props) {
  const t = editorialTexts();
  const [versions, setVersions] = useState<VersionEntry[]>();
  const [chosen, setChosen] = useState<VersionEntry>();
  const [diff, setDiff] = useState<DiffLine[]>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = String(record.id);
  const fieldLabel = (name: string) => model.fields.find((f) => f.name === name)?.label ?? name;

  useEffect(() => {
    listVersions(model, id).then(setVersions, (error) => {
      setVersions([]);
      notifyError(error);
    });
  }, [model, id]);

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setDiff(undefined);
    versionSnapshot(model, id, chosen.id).then(
      (snapshot) => live && setDiff(versionDiff(model, snapshot, record)),
      (error) => notifyError(error),
    );
    return () => {
      live = false;
    };
  }, [model, id, chosen, record]);

  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await restoreVersion(model, id, chosen.id);
      notifySuccess(t.restored);
      setConfirming(false);
      onRestored();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t.historyTitle} data-testid="history-drawer">
      {!versions && <Loader size="sm" />}
      {versions?.length === 0 && <Text c="dimmed">{t.noVersions}</Text>}
      <Stack gap={6}>
        {versions?.map((version) => (
          <UnstyledButton
            key={version.id}
            onClick={() => setChosen(version)}
            data-testid="version-entry"
            data-version={version.id}
            aria-pressed={chosen?.id === version.id}
          >
            <Paper withBorder p="xs" radius="sm" bg={chosen?.id === version.id ? "indigo.0" : undefined}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Badge variant="light" size="sm">
                    {t.kinds[version.kind] ?? version.kind}
                  </Badge>
                  <Text size="sm">{formatWhen(version.createdAt, t.language)}</Text>
                  {version.author && (
                    <Text size="sm" c="dimmed">
                      {t.by(version.author)}
                    </Text>
                  )}
                </Group>
              </Group>
              {version.changed.length > 0 && (
                <Text size="xs" c="dimmed" mt={2} lineClamp={2}>
                  {t.changedFields(version.changed.map(fieldLabel).join(", "))}
                </Text>
              )}
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
      {chosen && (
        <Stack
          gap="xs"
          mt="lg"
          data-testid="version-diff"
          data-version={chosen.id}
          data-loaded={diff ? "true" : "false"}
        >
          <Text fw={600}>{t.compareTitle}</Text>
          {!diff && <Loader size="sm" />}
          {diff?.length === 0 && <Alert color="gray">{t.noDifference}</Alert>}
          {diff && diff.length > 0 && (
            <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.field}</Table.Th>
                  <Table.Th>{t.thisVersion}</Table.Th>
                  <Table.Th>{t.current}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diff.map((line) => (
                  <Table.Tr key={line.label} data-testid="diff-line">
                    <Table.Td fw={500}>{line.label}</Table.Td>
                    <Table.Td bg="red.0" style={{ whiteSpace: "pre-wrap" }}>
                      {line.before || t.empty}
                    </Table.Td>
                    <Table.Td bg="green.0" style={{ whiteSpace: "pre-wrap" }}>
                      {line.after || t.empty}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button color="orange" onClick={() => setConfirming(true)}>
              {t.restore}
            </Button>
          </Group>
        </Stack>
      )}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title={t.restoreConfirmTitle} centered size="sm">
          <Text size="sm" mb="lg">
            {t.restoreConfirmText}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <Button color="orange" loading={busy} onClick={() => void restore()}>
              {t.restore}
            </Button>
          </Group>
        </Modal>
      )}
    </Drawer>
  );
}
