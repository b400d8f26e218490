import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import type { VersionChange } from "../../../common/drafts/version-changes.js";
import { useModels } from "../data/models-context.js";
import { notifyError, notifySuccess } from "../notify.js";
import { changeWords, type WordsContext } from "./change-words.js";
import { compareVersions, listVersions, restoreVersion, type Publication, type VersionEntry } from "./editorial-api.js";
import { editorialTexts, formatWhen } from "./editorial-texts.js";
import type { Piece } from "./word-diff.js";

type Row = Record<string, any>;

const WORKING = "working";

interface Props {
  model: AdminModel;
  /** The current working copy (its pending schedule is shown above the versions). */
  record: Row;
  onClose(): void;
  /** Before a restore: what the screen still has to save is saved first (the composer's typing). */
  beforeRestore?(): Promise<void>;
  /** After a restore: the screen reloads the record (and what it shows of its tree). */
  onRestored(): void;
}

/** Removed text struck through on red, added text underlined on green: the marks a reader of a diff knows. */
function Pieces({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((piece, i) =>
        piece.kind === "del" ? (
          <del key={i} style={{ background: "var(--mantine-color-red-1)", color: "var(--mantine-color-red-9)" }}>
            {piece.text}
          </del>
        ) : piece.kind === "ins" ? (
          <ins key={i} style={{ background: "var(--mantine-color-green-1)", color: "var(--mantine-color-green-9)" }}>
            {piece.text}
          </ins>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/**
 * History: the record's versions, newest first (what kind, who, when) under its pending schedule.
 * A chosen version is compared with the current working copy, or with any other version picked
 * beside it, in the editor's words (block by block, language by language, removed and added text
 * marked: common/drafts/version-changes.ts, change-words.ts); it can be restored after a
 * confirmation (the working copy becomes it; the published version waits for a publish).
 */
export function HistoryDrawer({ model, record, onClose, beforeRestore, onRestored }: Props) {
  const t = editorialTexts();
  const { byId } = useModels();
  const [versions, setVersions] = useState<VersionEntry[]>();
  const [chosen, setChosen] = useState<VersionEntry>();
  const [other, setOther] = useState<string>(WORKING);
  const [changes, setChanges] = useState<VersionChange[]>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = String(record.id);
  const publication = record.publication as Publication | undefined;
  const context: WordsContext = {
    fieldLabel: (modelId, field) => byId.get(modelId ?? model.id)?.fields.find((f) => f.name === field)?.label,
  };
  const describe = (version: VersionEntry) =>
    t.versionOf(t.kinds[version.kind] ?? version.kind, formatWhen(version.createdAt, t.language));

  useEffect(() => {
    listVersions(model, id).then(setVersions, (error) => {
      setVersions([]);
      notifyError(error);
    });
  }, [model, id]);

  useEffect(() => {
    if (!chosen || !versions) return;
    let live = true;
    setChanges(undefined);
    // Always told from the older state to the newer (versions are listed newest first; the working copy is newest).
    const at = (versionId: string) => (versionId === WORKING ? -1 : versions.findIndex((v) => v.id === versionId));
    const [from, to] = at(chosen.id) >= at(other) ? [chosen.id, other] : [other, chosen.id];
    compareVersions(model, id, from, to).then(
      (found) => live && setChanges(found),
      (error) => notifyError(error),
    );
    return () => {
      live = false;
    };
  }, [model, id, chosen, other, versions]);

  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await beforeRestore?.();
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
      {(publication?.publishAt || publication?.unpublishAt) && (
        <Paper withBorder p="xs" radius="sm" mb={6} data-testid="version-schedule">
          <Group gap="xs">
            <Badge variant="light" size="sm" color="blue">
              {t.scheduled}
            </Badge>
            {publication.publishAt && (
              <Text size="sm">{t.publishAt(formatWhen(publication.publishAt, t.language))}</Text>
            )}
            {publication.unpublishAt && (
              <Text size="sm">{t.unpublishAt(formatWhen(publication.unpublishAt, t.language))}</Text>
            )}
          </Group>
        </Paper>
      )}
      {versions?.length === 0 && <Text c="dimmed">{t.noVersions}</Text>}
      <Stack gap={6}>
        {versions?.map((version) => (
          <UnstyledButton
            key={version.id}
            onClick={() => {
              setChosen(version);
              if (other === version.id) setOther(WORKING);
            }}
            data-testid="version-entry"
            data-version={version.id}
            data-kind={version.kind}
            aria-pressed={chosen?.id === version.id}
          >
            <Paper withBorder p="xs" radius="sm" bg={chosen?.id === version.id ? "indigo.0" : undefined}>
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
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
      {chosen && versions && (
        <Stack
          gap="xs"
          mt="lg"
          data-testid="version-diff"
          data-version={chosen.id}
          data-other={other}
          data-loaded={changes ? "true" : "false"}
        >
          <Text fw={600}>
            {t.compareTitle}: {describe(chosen)}
          </Text>
          <NativeSelect
            label={t.compareWith}
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            data={[
              { value: WORKING, label: t.workingCopy },
              ...versions.filter((v) => v.id !== chosen.id).map((v) => ({ value: v.id, label: describe(v) })),
            ]}
            data-testid="compare-with"
          />
          {!changes && <Loader size="sm" />}
          {changes?.length === 0 && <Alert color="gray">{t.noDifference}</Alert>}
          {changes && changes.length > 0 && (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {changes.map((change, i) => (
                <Box
                  component="li"
                  key={i}
                  data-testid="diff-line"
                  data-kind={change.kind}
                  fz="sm"
                  style={{
                    whiteSpace: "pre-wrap",
                    borderBottom: "1px solid var(--mantine-color-gray-2)",
                    paddingBottom: 4,
                  }}
                >
                  <Pieces pieces={changeWords(change, t, context)} />
                </Box>
              ))}
            </Stack>
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
