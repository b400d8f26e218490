import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { api } from "../../api/client.js";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { conflictRows } from "../form/conflict-rows.js";
import { guardedSave, ifMatchHeader } from "../form/guarded-save.js";
import { useConflictChoice } from "../form/use-conflict-choice.js";
import { BlockItems } from "./block-items.js";
import { pathOf } from "./block-items-api.js";
import { restampPending } from "./pending-saves.js";
import { textOf, type Block, type Texts } from "./pages-api.js";
import { FullFormDialog } from "./full-form-dialog.js";
import type { LivePreview } from "./live-preview.js";
import { onPreviewMark } from "./preview-mark.js";
import { pagesTexts } from "./pages-texts.js";
import { ReusableNotice } from "./reusable-notice.js";
import type { Composer } from "./use-composer.js";
import type { ComposerUndo } from "./use-composer-undo.js";
import type { SaveQueue } from "./use-save-queue.js";

const TEXT_FIELDS = ["title", "subtitle", "description"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Row = Record<string, any>;

const textsOf = (record: Row) =>
  Object.fromEntries(TEXT_FIELDS.map((name) => [name, (record[name] ?? {}) as Texts])) as Record<TextField, Texts>;

/** The kinds of children the site shows with a body text under their title: edited in their rows too. */
const WITH_BODY_TEXT: ReadonlySet<string> = new Set(["features", "slides"]);
/**
 * The chosen block's side panel: its texts (title, subtitle, description) with the languages side
 * by side, then its children by kind (features, buttons…), all saved as typed. The fields shown
 * are those the block's widget model has (GET /api/admin/models); "All fields" opens the widget's
 * generated form with its relation sub-tables, for the kinds the panel does not edit (products,
 * articles, forms…) and the fields it does not show. Typing is recorded for undo; an undo puts a
 * value back through `write`, the same save as typing (use-composer-undo.ts). Every value written
 * shows in the preview at once (live-preview.ts); a text edited on the preview arrives here as
 * typing would, and its input is shown marked meanwhile.
 */
export function BlockPanel({
  block,
  composer,
  queue,
  undo,
  live,
}: {
  block: Block;
  composer: Composer;
  queue: SaveQueue;
  undo: ComposerUndo;
  live: LivePreview;
}) {
  const t = pagesTexts();
  const { byId } = useModels();
  const modelId = `${block.module}/widgets`;
  const model = byId.get(modelId);
  const fields = TEXT_FIELDS.filter((name) => model?.fields.some((f) => f.name === name && f.kind === "language-map"));
  const [texts, setTexts] = useState<Record<TextField, Texts>>();
  const latest = useRef<Record<TextField, Texts> | undefined>(undefined);
  // The state the texts were read or last saved in: sent as If-Match, so a save over someone
  // else's asks (the conflict dialog) instead of overwriting it.
  const etag = useRef<string | undefined>(undefined);
  const conflict = useConflictChoice();
  const variant = composer.variantOf(block);
  // "All fields": the widget's generated form (with its relation sub-tables) for what the panel does not show; read again after it saves.
  const [full, setFull] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setTexts(undefined);
    let read: string | undefined;
    api<Row>(`/api/${modelId}/${block.widgetId}`, {
      query: { draft: true },
      onHeaders: (headers) => (read = headers.get("etag") ?? undefined),
    }).then(
      (record) => {
        if (!live) return;
        const loaded = textsOf(record);
        etag.current = read;
        latest.current = loaded;
        setTexts(loaded);
      },
      (error) => live && notifyError(error),
    );
    return () => void (live = false);
  }, [modelId, block.widgetId, round]);

  /** The editor typed: one more step (a burst in one field merges into one), then the save. */
  const edit = (field: TextField, language: string, value: string) => {
    undo.typed(block, field, language, latest.current![field][language] ?? "", value);
    write(field, language, value);
  };
  /** Shows `value` and saves it a moment later (typing) — or at once when an undo flushes the queue. */
  const write = (field: TextField, language: string, value: string) => {
    const next = {
      ...latest.current!,
      [field]: { ...latest.current![field], [language]: value },
    };
    latest.current = next;
    setTexts(next);
    live.patch(`texts:${block.widgetId}`, block.widgetId, field, language, value);
    const path = `/api/${modelId}/${block.widgetId}`;
    const body = Object.fromEntries(fields.map((name) => [name, next[name]]));
    // Kept in this tab's storage until answered (pending-saves.ts): a reload sends it.
    const replay = {
      scope: composer.page?.id ?? "",
      key: `texts:${block.widgetId}`,
      method: "PATCH" as const,
      path,
      body,
      ifMatch: etag.current,
    };
    queue.schedule(
      `texts:${block.widgetId}`,
      async () => {
        const now = latest.current!;
        const body = Object.fromEntries(fields.map((name) => [name, now[name]]));
        // A 412 is settled here, in the queued work: the editor's choice is awaited before the next save goes.
        const result = await guardedSave(
          async (ifMatch) => {
            let answered: string | undefined;
            const value = await api<Row>(path, {
              method: "PATCH",
              body,
              headers: ifMatchHeader(ifMatch),
              onHeaders: (headers) => (answered = headers.get("etag") ?? undefined),
            });
            return { value, etag: answered };
          },
          etag.current,
          (theirs) => conflict.ask(conflictRows(conflictFields, body, theirs)),
        );
        if ("saved" in result) {
          etag.current = result.saved.etag ?? etag.current;
          restampPending(replay.scope, replay.key, etag.current);
          return;
        }
        // Reload: the panel shows their texts, and later edits start from them.
        const theirs = textsOf(result.reloaded);
        etag.current = result.etag;
        latest.current = theirs;
        setTexts(theirs);
      },
      replay,
    );
  };

  // While the texts are shown, an undo reaches them here (panel-handles.ts); the latest `write` runs.
  const writeNow = useRef(write);
  writeNow.current = write;
  const shown = texts !== undefined;
  useEffect(() => {
    if (!shown) return;
    return undo.texts.register(block.widgetId, {
      set: (field, language, value) => writeNow.current(field as TextField, language, value),
    });
  }, [shown, block.widgetId, undo.texts]);

  // The preview reaches the texts here too: a click on one edits it in place, as typing in its input.
  const editNow = useRef(edit);
  editNow.current = edit;
  const [onPreview, setOnPreview] = useState<string>();
  const fieldsNow = useRef(fields);
  fieldsNow.current = fields;
  const undoNow = useRef(undo);
  undoNow.current = undo;
  useEffect(() => {
    if (!shown) return;
    return live.handles.register(block.widgetId, {
      accepts: (field) => fieldsNow.current.includes(field as TextField),
      edit: (field, language, value) => editNow.current(field as TextField, language, value),
      reveal: (field, language) => {
        setOnPreview(`${field}-${language}`);
        document
          .querySelector(`[data-block-id="${block.id}"] [data-testid="block-${field}-${language}"]`)
          ?.scrollIntoView({ block: "nearest" });
      },
      done: () => {
        setOnPreview(undefined);
        undoNow.current.seal();
      },
    });
  }, [shown, block.widgetId, block.id, live]);

  const kinds = variant?.children ?? [];
  const paths = useMemo(
    () => kinds.map((kind) => ({ kind, hops: pathOf(kind, modelId, byId) })),
    [kinds.join(), modelId, byId],
  );
  const edited = paths.filter((p) => p.hops);
  const others = paths.filter((p) => !p.hops).map((p) => p.kind);
  const label = {
    title: t.blockTitle,
    subtitle: t.subtitle,
    description: t.description,
  };
  const conflictFields = fields.map((name) => ({ name, label: label[name], languages: LANGUAGES }));

  return (
    <Stack gap="sm" data-testid="block-panel" data-block-id={block.id}>
      <Group gap="xs" justify="space-between">
        <Title order={2} size="h5">
          {composer.nameOf(block)}
        </Title>
        <Badge variant="light" c="indigo.9">
          {textOf(variant?.label, t.language) || block.variant}
        </Badge>
      </Group>
      {variant ? (
        <Text size="xs" c="dimmed">
          {textOf(variant.description, t.language)}
        </Text>
      ) : null}
      {block.region !== "page" ? (
        <Alert variant="light" color="yellow" p="xs" data-testid="layout-block-notice">
          <Text size="sm">{t.layoutBlockEdit}</Text>
        </Alert>
      ) : null}
      <ReusableNotice
        block={block}
        busy={composer.busy}
        onDetach={() => void queue.flush().then(() => composer.detach(block))}
      />
      <Paper withBorder radius="md" p="sm">
        <Title order={3} size="h6" mb="xs">
          {t.texts}
        </Title>
        {!texts ? (
          <Loader size="sm" />
        ) : (
          <SimpleGrid cols={LANGUAGES.length} spacing="sm">
            {LANGUAGES.map((language) => (
              <Stack key={language} gap={6} lang={language} data-testid={`block-texts-${language}`}>
                <Text size="xs" fw={700}>
                  {t.languages[language] ?? language}
                </Text>
                {fields.map((name) =>
                  name === "description" ? (
                    <Textarea
                      key={name}
                      size="xs"
                      autosize
                      minRows={2}
                      label={label[name]}
                      // Each language's column has the same labels: its language named in the
                      // accessible name too, so a screen reader tells "Title (English)" from "Title (Русский)".
                      aria-label={`${label[name]} (${t.languages[language] ?? language})`}
                      value={texts[name][language] ?? ""}
                      onChange={(e) => edit(name, language, e.currentTarget.value)}
                      onBlur={undo.seal}
                      {...onPreviewMark(onPreview === `${name}-${language}`)}
                      data-testid={`block-${name}-${language}`}
                    />
                  ) : (
                    <TextInput
                      key={name}
                      size="xs"
                      label={label[name]}
                      aria-label={`${label[name]} (${t.languages[language] ?? language})`}
                      value={texts[name][language] ?? ""}
                      onChange={(e) => edit(name, language, e.currentTarget.value)}
                      onBlur={undo.seal}
                      {...onPreviewMark(onPreview === `${name}-${language}`)}
                      data-testid={`block-${name}-${language}`}
                    />
                  ),
                )}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Paper>
      {edited.map(({ kind, hops }) => (
        <BlockItems
          key={`${kind}-${round}`}
          kind={kind}
          hops={hops!}
          block={block}
          undo={undo}
          withUrl={!!byId.get(hops![hops!.length - 1]!.child)?.fields.some((f) => f.name === "url")}
          withText={WITH_BODY_TEXT.has(kind)}
          queue={queue}
          live={live}
          onChanged={composer.edited}
        />
      ))}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {others.length ? `${t.otherKinds} ${others.map(t.items).join(", ")}` : ""}
        </Text>
        {model ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => void queue.flush().then(() => setFull(true))}
            data-testid="block-full-form"
          >
            {t.fullForm}
          </Button>
        ) : null}
      </Group>
      {conflict.dialog}
      {full && model ? (
        <FullFormDialog
          model={model}
          id={block.widgetId}
          onClose={() => {
            setFull(false);
            setRound((n) => n + 1);
          }}
          onSaved={composer.edited}
        />
      ) : null}
    </Stack>
  );
}
