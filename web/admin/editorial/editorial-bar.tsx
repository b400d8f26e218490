import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { notifyError, notifySuccess } from "../notify.js";
import { previewUrl, unpublishRecord, type Publication } from "./editorial-api.js";
import { editorialTexts, formatWhen } from "./editorial-texts.js";
import { HistoryDrawer } from "./history-drawer.js";
import { PublicationBadge } from "./publication-badge.js";
import { ScheduleDialog } from "./schedule-dialog.js";

type Row = Record<string, any>;

/** The models whose records have a preview link (POST …/{id}/preview): pages. */
const PREVIEWED = new Set(["host/pages"]);

/** The state line at the top of an x-drafts record's form: its badge, when it was published and what is scheduled. */
export function PublicationLine({ publication, partial }: { publication: Publication | undefined; partial?: boolean }) {
  const t = editorialTexts();
  if (!publication) return null;
  return (
    <Group gap="sm" data-testid="publication-line">
      <PublicationBadge publication={publication} partial={partial} />
      {publication.publishedAt && (
        <Text size="xs" c="dimmed">
          {t.publishedAt(formatWhen(publication.publishedAt, t.language))}
        </Text>
      )}
      {publication.publishAt && (
        <Text size="xs" c="blue" data-testid="scheduled-publish">
          {t.publishAt(formatWhen(publication.publishAt, t.language))}
        </Text>
      )}
      {publication.unpublishAt && (
        <Text size="xs" c="blue">
          {t.unpublishAt(formatWhen(publication.unpublishAt, t.language))}
        </Text>
      )}
    </Group>
  );
}

interface Props {
  model: AdminModel;
  record: Row;
  /** An action answered the record anew (its publication changed). */
  onChanged(record: Row): void;
  /** A version was restored: the form reloads the working copy. */
  onRestored(): void;
  /** Before a restore: what the screen still has to save is saved first. */
  beforeRestore?(): Promise<void>;
}

/** An existing x-drafts record's other actions beside Save draft and Publish: Unpublish, Schedule…, Preview (pages), History. */
export function EditorialBar({ model, record, onChanged, onRestored, beforeRestore }: Props) {
  const t = editorialTexts();
  const [scheduling, setScheduling] = useState(false);
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const publication = record.publication as Publication | undefined;
  const id = String(record.id);

  const unpublish = async () => {
    setBusy(true);
    try {
      onChanged(await unpublishRecord(model, id));
      notifySuccess(t.unpublished);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  // The tab is opened at the click (a tab opened after an await is a popup browsers block) and
  // sent to the signed link once the server answers it. The link names the server's public
  // address; the admin is served by the same server that renders the site, so its path is opened
  // where the admin is (an admin reached at another address than PUBLIC_URL still previews).
  const preview = async () => {
    const tab = window.open("about:blank", "_blank");
    try {
      const link = new URL(await previewUrl(model, id), window.location.origin);
      const here = new URL(`${link.pathname}${link.search}${link.hash}`, window.location.origin).href;
      if (tab) tab.location.href = here;
      else window.open(here, "_blank");
      notifySuccess(t.previewOpened);
    } catch (error) {
      tab?.close();
      notifyError(error);
    }
  };

  return (
    <>
      {publication && publication.state !== "draft" && (
        <Button variant="default" loading={busy} onClick={() => void unpublish()}>
          {t.unpublish}
        </Button>
      )}
      <Button variant="default" onClick={() => setScheduling(true)}>
        {t.schedule}
      </Button>
      {PREVIEWED.has(model.id) && (
        <Button variant="default" onClick={() => void preview()}>
          {t.preview}
        </Button>
      )}
      <Button variant="subtle" onClick={() => setHistory(true)}>
        {t.history}
      </Button>
      {scheduling && (
        <ScheduleDialog
          model={model}
          id={id}
          publication={publication}
          onClose={() => setScheduling(false)}
          onScheduled={onChanged}
        />
      )}
      {history && (
        <HistoryDrawer
          model={model}
          record={record}
          onClose={() => setHistory(false)}
          beforeRestore={beforeRestore}
          onRestored={onRestored}
        />
      )}
    </>
  );
}
