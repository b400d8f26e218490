import { Anchor, Box, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { useModels } from "../data/models-context.js";
import { EditorialBar, PublicationLine } from "../editorial/editorial-bar.js";
import { publishRecord, type Publication } from "../editorial/editorial-api.js";
import { editorialTexts } from "../editorial/editorial-texts.js";
import { NotPublishedNotice, useNotPublished } from "../editorial/not-published-notice.js";
import { notifyError, notifySuccess } from "../notify.js";
import { useLeaveGuard } from "../form/use-leave-guard.js";
import { LivePresence } from "../live/live-presence.js";
import { BlockOutline } from "./block-outline.js";
import { BlockPalette } from "./block-palette.js";
import { BlockPanel } from "./block-panel.js";
import { LivePreview } from "./live-preview.js";
import { PageCopyButtons, TemplateBadge } from "./page-copy-buttons.js";
import { PageSettingsDialog } from "./page-settings-dialog.js";
import { PagePreview } from "./page-preview.js";
import { loadReusable, textOf, type Block, type ReusableBlock } from "./pages-api.js";
import { PublishReusableDialog } from "./publish-reusable-dialog.js";
import { SaveReusableDialog } from "./save-reusable-dialog.js";
import { pagesTexts } from "./pages-texts.js";
import { RemoveBlockDialog } from "./remove-block-dialog.js";
import { UndoButtons } from "./undo-buttons.js";
import { useComposer } from "./use-composer.js";
import { UNDO_SCOPE, useComposerUndo } from "./use-composer-undo.js";
import { useSaveQueue } from "./use-save-queue.js";
import { SaveMark } from "./save-mark.js";
import { useReplayPending } from "./use-replay-pending.js";

/** Below this width the preview is left out: the outline and the panel need the room. */
export const PREVIEW_MIN_WIDTH = 900;

/**
 * /admin/pages/{id}, the page composer: the outline of the page's regions (left), the chosen
 * block's texts and items (middle) and the live preview of the draft (right, from 900 px), under
 * the page's editorial bar (state, Save draft, Publish, Unpublish, Schedule, Preview, Versions),
 * its settings, Duplicate and Save as template. Every change can be undone and redone (the
 * toolbar's buttons, Ctrl/Cmd+Z), each undo a new save (use-composer-undo.ts).
 */
export function ComposerPage() {
  const { id = "" } = useParams();
  // A copy opened from here (Duplicate) is another page: a composer of its own, no state carried over.
  return <PageComposer key={id} id={id} />;
}

function PageComposer({ id }: { id: string }) {
  const t = pagesTexts();
  const e = editorialTexts();
  const model = useModels().byId.get("host/pages");
  const live = useMemo(() => new LivePreview(), []);
  const plain = useComposer(id, live);
  // A save the preview already shows (its texts written into the frame) does not reload it.
  const queue = useSaveQueue((key) => (live.saved(key) ? plain.edited() : plain.editedInPlace()));
  const undo = useComposerUndo(id, plain, queue);
  // The composer as the outline and the dialogs use it: each of its block changes is recorded for undo.
  const composer = undo.composer;
  useLeaveGuard(queue.unsent || composer.busy || undo.busy);
  useReplayPending(id, queue, composer.edited);
  const wide = useMediaQuery(`(min-width: ${PREVIEW_MIN_WIDTH}px)`, true, {
    getInitialValueInEffect: false,
  });
  const [palette, setPalette] = useState(false);
  // The reusable blocks the palette offers, read each time it opens (another editor may have saved one).
  const [reusable, setReusable] = useState<ReusableBlock[]>([]);
  const [sharing, setSharing] = useState<Block>();
  // The page's reusable blocks with unpublished changes, while the editor chooses how to publish.
  const [asking, setAsking] = useState<Block[]>();
  const [removing, setRemoving] = useState<Block>();
  const [settings, setSettings] = useState(false);
  const [publishing, setPublishing] = useState(false);
  // Bumped by a restore: part of the side panel's key, so it reads the restored texts and items anew.
  const [restored, setRestored] = useState(0);
  // Every change of the tree (a block's texts, items, order) may change the page's state: read it again.
  useEffect(() => {
    if (composer.changes || composer.shownSaves) void composer.reloadPage().catch(notifyError);
  }, [composer.changes, composer.shownSaves, composer.reloadPage]);
  // What the last publish left behind (records the editor may not publish): named, and the badge says so.
  const behind = useNotPublished();
  const { page, blocks, selected } = composer;
  const chosenWidget = blocks?.find((b) => b.id === selected)?.widgetId;
  useEffect(() => live.select(chosenWidget), [live, chosenWidget]);
  if (!page || !blocks || !model) return <Loader />;

  const title = textOf(page.title, t.language) || page.adminTitle || t.untitled;
  // A page block, or a layout's (its navigation's links and texts are edited the same way).
  const chosen = blocks.find((b) => b.id === selected);
  live.onUndoKey = (which) => void (which === "undo" ? undo.undo() : undo.redo());
  // A click in the preview chooses the block it lands in; the chosen block is outlined there.
  live.onSelect = (widgetId) => {
    const block = blocks.find((b) => b.widgetId === widgetId);
    if (block) composer.setSelected(block.id);
  };
  const publication = page.publication as Publication | undefined;
  const saveDraft = async () => {
    await queue.flush();
    await composer.reloadPage().catch(notifyError);
    notifySuccess(e.saved);
  };
  const openPalette = () => {
    setPalette(true);
    loadReusable(t.language).then(setReusable, notifyError);
  };
  /**
   * Publish: a reusable block's unpublished change would show on every page using it, so when the
   * page has one the editor chooses first (docs/drafts.md, "Reusable blocks"); `choice` is that answer.
   */
  const publish = async (choice?: "publish" | "keep") => {
    setPublishing(true);
    try {
      // Whatever is still being typed is saved first: Publish puts on the site what the screen shows.
      await queue.flush();
      if (!choice) {
        const pending = (await composer.refresh()).filter((b) => b.region === "page" && b.reusable?.changed);
        if (pending.length > 0) {
          setAsking(pending);
          return;
        }
      }
      const { record, notPublished } = await publishRecord(model, id, choice);
      composer.setPage(record);
      // The reusable blocks' `changed` marks follow the publish.
      void composer.refresh().catch(notifyError);
      await behind.tell(notPublished);
      notifySuccess(notPublished.length > 0 ? e.publishedPartly : e.published);
    } catch (error) {
      notifyError(error);
    } finally {
      setPublishing(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="composer" data-wide={wide ? "true" : "false"} {...{ [UNDO_SCOPE]: "" }}>
      <Anchor component={Link} to="/admin/pages" size="sm" c="indigo.9">
        ← {t.back}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2" data-testid="composer-title">
            {title}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {page.url}
          </Text>
          <TemplateBadge page={page} />
          <PublicationLine publication={publication} partial={behind.partial} />
          <SaveMark state={queue.state} busy={composer.busy || undo.busy} />
        </Group>
        <Group gap="xs" wrap="wrap">
          <UndoButtons undo={undo} />
          <Button variant="default" onClick={() => setSettings(true)} data-testid="page-settings-open">
            {t.settings}
          </Button>
          <PageCopyButtons page={page} flush={queue.flush} />
          {/* With DRAFTS=off every save is live: no draft to save or publish, no schedule or history. */}
          {model.drafts ? (
            <>
              <Button variant="default" onClick={() => void saveDraft()} data-testid="composer-save">
                {e.saveDraft}
              </Button>
              <Button onClick={() => void publish()} loading={publishing} data-testid="composer-publish">
                {e.publish}
              </Button>
              <EditorialBar
                model={model}
                record={page}
                onChanged={composer.setPage}
                beforeRestore={queue.flush}
                onRestored={() => {
                  // The page is an older version now: the steps recorded on the newer one are let go.
                  undo.clear();
                  setRestored((n) => n + 1);
                  void Promise.all([composer.reloadPage(), composer.edited()]).catch(notifyError);
                }}
              />
            </>
          ) : null}
        </Group>
      </Group>
      <NotPublishedNotice names={behind.shown} onClose={behind.close} />
      {/* Who else has this page open (a save over theirs asks: the conflict dialog). */}
      <LivePresence
        model="host/pages"
        id={id}
        watch={chosen ? [{ model: `${chosen.module}/widgets`, id: chosen.widgetId }] : undefined}
      />
      <Box
        style={{
          display: "grid",
          gridTemplateColumns: wide ? "minmax(240px, 280px) minmax(300px, 1fr) minmax(320px, 1.2fr)" : "minmax(0, 1fr)",
          gap: "var(--mantine-spacing-sm)",
          alignItems: "start",
        }}
      >
        <BlockOutline composer={composer} onAdd={openPalette} onRemove={setRemoving} onSaveReusable={setSharing} />
        <Box component="section" aria-label={t.panel} data-testid="composer-panel">
          {chosen ? (
            <BlockPanel
              key={`${chosen.id}-${restored}`}
              block={chosen}
              composer={composer}
              queue={queue}
              undo={undo}
              live={live}
            />
          ) : (
            <Text size="sm" c="dimmed" p="sm">
              {t.panelEmpty}
            </Text>
          )}
        </Box>
        {wide ? (
          <Box
            style={{
              position: "sticky",
              top: 72,
              height: "calc(100vh - 110px)",
            }}
          >
            <PagePreview pageId={id} title={title} changes={composer.changes} live={live} />
          </Box>
        ) : null}
      </Box>
      {palette && (
        <BlockPalette
          catalogue={composer.catalogue}
          reusable={reusable.filter((block) => !composer.pageBlocks.some((b) => b.id === block.id))}
          onClose={() => setPalette(false)}
          onPick={(variant) => {
            setPalette(false);
            void queue.flush().then(() => composer.add(variant));
          }}
          onPlace={(block) => {
            setPalette(false);
            void queue.flush().then(() => composer.place(block));
          }}
        />
      )}
      {sharing && (
        <SaveReusableDialog
          name={composer.nameOf(sharing)}
          onClose={() => setSharing(undefined)}
          onSave={(name) => {
            const block = sharing;
            setSharing(undefined);
            void queue.flush().then(() => composer.makeReusable(block, name));
          }}
        />
      )}
      {asking && (
        <PublishReusableDialog
          blocks={asking}
          onClose={() => setAsking(undefined)}
          onChoose={(choice) => {
            setAsking(undefined);
            void publish(choice);
          }}
        />
      )}
      {removing && (
        <RemoveBlockDialog
          name={composer.nameOf(removing)}
          onClose={() => setRemoving(undefined)}
          onConfirm={() => {
            const block = removing;
            setRemoving(undefined);
            void queue.flush().then(() => composer.remove(block));
          }}
        />
      )}
      {settings && (
        <PageSettingsDialog
          page={page}
          onClose={() => setSettings(false)}
          onSaved={() => void Promise.all([composer.reloadPage(), composer.edited()]).catch(notifyError)}
        />
      )}
    </Stack>
  );
}
