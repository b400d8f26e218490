import { Center, Divider, Loader, Modal, Stack, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { RelationSubTables } from "../relations/relation-sub-tables.js";
import { LivePresence } from "../live/live-presence.js";
import { RecordDialogContext } from "./record-dialog-context.js";
import { useEditedRecord } from "./use-edited-record.js";
import { useLeaveGuard } from "./use-leave-guard.js";
import { wordsTexts } from "../words-texts.js";

type Row = Record<string, any>;

// The form (JSON-schema forms, their validator and widgets): fetched when a dialog first opens,
// so a table screen loads only the table (docs/admin.md, "What the admin loads").
const ModelForm = lazy(async () => ({ default: (await import("./model-form.js")).ModelForm }));
// A person's sign-in security (two-factor reset, sign out everywhere): only in a subject's record.
const SignInSecurityPanel = lazy(async () => ({
  default: (await import("../subjects/sign-in-security-panel.js")).SignInSecurityPanel,
}));
// The record's History (its audit log entries): shown to administrators, under the form.
const RecordHistory = lazy(async () => ({
  default: (await import("../activity/record-history.js")).RecordHistory,
}));
const SUBJECTS = "rbac/subjects";
const loading = (
  <Center p="xl">
    <Loader />
  </Center>
);

interface Props {
  model: AdminModel;
  record?: Row;
  fixed?: Row;
  onClose(): void;
  /** Called after each save with the record the server answered. */
  onSaved(row?: Row): void;
  /** Close once created even with relation sub-tables: a picker's "+ New …" wants the record chosen. */
  closeOnCreate?: boolean;
}

/**
 * 'Create {Entity}' or 'Update {Entity}' in a dialog at most 80vh high that scrolls inside. A new
 * record with relation sub-tables turns into its update form once created, so relations can be
 * added straight away; one without closes. An existing record is read afresh (with its ETag)
 * before its form shows. Closing it (Escape, the close button, Back) with edits the server has not
 * taken asks "Leave without saving?" first (use-leave-guard.ts).
 */
export function FormDialog({ model, record, fixed, onClose, onSaved, closeOnCreate }: Props) {
  const edited = useEditedRecord(model, record);
  const current = edited.record;
  const [dirty, setDirty] = useState(false);
  // Counts the saves: the History reads the log again after each one.
  const [saves, setSaves] = useState(0);
  const guard = useLeaveGuard(dirty);
  const close = () => void guard.confirmLeave().then((leave) => leave && onClose());
  const saved = (row: Row, created: boolean, etag?: string) => {
    onSaved(row);
    setSaves((n) => n + 1);
    if (created && (model.embeds.length === 0 || closeOnCreate)) {
      // Saved just now: the form is clean, though it has not rendered so yet.
      guard.release();
      onClose();
    } else edited.saved(row, etag);
  };
  return (
    <Modal
      opened
      onClose={close}
      size="xl"
      title={<Title order={3}>{wordsTexts().formTitle(Boolean(current?.id), model.title)}</Title>}
      styles={{ content: { maxHeight: "80vh", display: "flex", flexDirection: "column" }, body: { overflowY: "auto" } }}
    >
      {edited.loading ? (
        loading
      ) : (
        <Stack gap="lg">
          {/* Pickers inside this form create records in a dialog like this one (record-dialog-context.ts). */}
          {/* Who else has this record open (a save over theirs asks: the conflict dialog). */}
          <LivePresence model={model.id} id={current?.id} onReload={edited.reload} />
          <RecordDialogContext.Provider value={FormDialog}>
            <Suspense fallback={loading}>
              <ModelForm
                key={edited.revision}
                model={model}
                record={current}
                etag={edited.etag}
                fixed={fixed}
                onSaved={saved}
                onReload={edited.reload}
                onDirtyChange={setDirty}
              />
            </Suspense>
          </RecordDialogContext.Provider>
          {current?.id && model.id === SUBJECTS && (
            <Suspense fallback={null}>
              <SignInSecurityPanel subjectId={current.id} />
            </Suspense>
          )}
          {current?.id && model.embeds.length > 0 && (
            <>
              <Divider label={wordsTexts().relations} labelPosition="left" />
              <RelationSubTables model={model} recordId={current.id} />
            </>
          )}
          {current?.id && (
            <Suspense fallback={null}>
              <RecordHistory model={model} recordId={String(current.id)} refresh={saves} />
            </Suspense>
          )}
        </Stack>
      )}
    </Modal>
  );
}
