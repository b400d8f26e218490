import { Button, Group } from "@mantine/core";
import Form from "@rjsf/core";
import type { ErrorSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { DECIMAL_PATTERN } from "../../../engine/query/decimal.js";
import { useEffect, useMemo, useRef, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { formDataOf, formSchema, payloadOf } from "../../../engine/admin/form-schema.js";
import { ApiError } from "../../api/client.js";
import { EditorialBar, PublicationLine } from "../editorial/editorial-bar.js";
import { publishRecord } from "../editorial/editorial-api.js";
import { NotPublishedNotice, useNotPublished } from "../editorial/not-published-notice.js";
import { editorialTexts } from "../editorial/editorial-texts.js";
import { notifyError, notifySuccess } from "../notify.js";
import type { AdminFormContext } from "./form-context.js";
import { saveRecord, type Saved } from "./save-record.js";
import { errorSchemaOf } from "./server-errors.js";
import { ConflictDialog } from "./conflict-dialog.js";
import { conflictFieldsOf, conflictRows } from "./conflict-rows.js";
import { etagOfRecord } from "../../../common/record-etag.js";
import { templates } from "./templates/templates.js";
import { fieldOfCause } from "./field-of-cause.js";
import { saveFailureOf } from "./save-failure.js";
import { SaveStateText } from "./save-state.js";
import { useSaveStatus } from "./use-save-status.js";
import { useUnsentEdits } from "./use-unsent-edits.js";
import { fields, widgets } from "./widgets/index.js";
import { wordsTexts } from "../words-texts.js";

const WIDGET_NAMES: ReadonlySet<string> = new Set(Object.keys(widgets));

/** The schemas' own formats: an exact decimal (money) is a string the server reads the same way. */
const validator = customizeValidator({ customFormats: { decimal: DECIMAL_PATTERN } });

type Row = Record<string, any>;

interface Props {
  model: AdminModel;
  record?: Row;
  /** The ETag `record` was read with: sent as If-Match when it is saved. */
  etag?: string;
  /** Values set by the context and not edited (a sub-table's parent key). */
  fixed?: Row;
  /** The record as the server answered a save or an action, with its ETag when the answer carried one. */
  onSaved(record: Row, created: boolean, etag?: string): void;
  /** Reads the record afresh and starts the form over from it (after a restore, or the 412's Reload). */
  onReload?(): void;
  /** Told whether the form holds edits the server has not taken (the dialog guards them: use-leave-guard.ts). */
  onDirtyChange?(dirty: boolean): void;
}

/**
 * The generated form of a model: RJSF with Mantine widgets; the server validates, its errors land
 * on their fields. An x-drafts model's form saves drafts and publishes (docs/drafts.md); a save
 * refused because someone else changed the record (412) says so and keeps what was typed.
 */
export function ModelForm({ model, record, etag, fixed, onSaved, onReload, onDirtyChange }: Props) {
  const omit = Object.keys(fixed ?? {});
  const { schema, uiSchema } = useMemo(() => formSchema(model, omit, WIDGET_NAMES), [model, omit.join()]);
  const [formData, setFormData] = useState<Row>(() => formDataOf(model, record, omit));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [state, setState] = useSaveStatus();
  const status = state.status;
  // A save refused with 412: the record as someone else saved it, and whether the save was to publish.
  const [conflict, setConflict] = useState<{ theirs: Row; publishing: boolean }>();
  // What the last publish left behind (records the editor may not publish): named, and the badge says so.
  const behind = useNotPublished();
  const files = useRef(new Map<string, File>());
  const unsent = useUnsentEdits(formData);
  // A chosen file is an edit too, though the field's value only changes once the server stores it.
  const dirty = unsent.dirty || files.current.size > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // Which submit button sent the form: Save (draft) or Publish (save, then publish).
  const intent = useRef<"save" | "publish">("save");
  const context = useMemo<AdminFormContext>(
    () => ({ files: files.current, values: formData, record }),
    [formData, record],
  );
  const t = editorialTexts();
  const words = wordsTexts();

  /** Saves `data`; `ifMatch` is the state it overwrites (the one read, or theirs after Keep mine). */
  const submit = async (data: Row, ifMatch = etag) => {
    const publishing = model.drafts && intent.current === "publish";
    intent.current = "save";
    behind.clear();
    setState({ status: "pending" });
    setExtraErrors(undefined);
    let saved: Saved;
    try {
      saved = await saveRecord(model, record?.id, { ...payloadOf(model, data), ...fixed }, context.files, ifMatch);
    } catch (error) {
      // The edits stay in the form, still unsent: the state says why, the fields say where.
      const conflicted = error instanceof ApiError && error.status === 412;
      setState({
        status: "error",
        failure: conflicted ? { kind: "refused", reason: t.conflictTitle } : saveFailureOf(error, fieldOfCause(model)),
      });
      if (conflicted) setConflict({ theirs: (error as ApiError).data as Row, publishing: Boolean(publishing) });
      else if (error instanceof ApiError) setExtraErrors(errorSchemaOf(error.cause));
      if (!conflicted) notifyError(error);
      return;
    }
    // Saved: what the server answered is the form's new starting point, whatever publishing does next.
    context.files.clear();
    setConflict(undefined);
    setState({ status: "success" });
    const savedData = formDataOf(model, saved.record, omit);
    setFormData(savedData);
    unsent.sent(savedData);
    if (!publishing) return onSaved(saved.record, !record?.id, saved.etag);
    try {
      const { record: published, notPublished, heldBack } = await publishRecord(model, String(saved.record.id));
      await behind.tell(notPublished);
      // The form does not ask about a page's reusable blocks (the composer does): it says what it left.
      notifySuccess(notPublished.length > 0 ? t.publishedPartly : heldBack.length > 0 ? t.heldBack : t.published);
      onSaved(published, !record?.id);
    } catch (error) {
      // The save stands (the state keeps saying so); only the publishing failed, and the toast says why.
      onSaved(saved.record, !record?.id, saved.etag);
      notifyError(error);
    }
  };

  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      noValidate
      showErrorList={false}
      extraErrors={extraErrors}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={context}
      onChange={(event, id) => {
        setFormData(event.formData);
        unsent.changed(event.formData, id !== undefined);
      }}
      onSubmit={(event) => submit(event.formData)}
    >
      {/* Their version beside the form's, field by field: Reload takes theirs, Keep mine saves over it. */}
      {conflict && (
        <ConflictDialog
          rows={conflictRows(conflictFieldsOf(model, omit), payloadOf(model, formData), conflict.theirs)}
          onChoose={(choice) => {
            setConflict(undefined);
            if (choice === "reload") return onReload?.();
            intent.current = conflict.publishing ? "publish" : "save";
            void submit(formData, etagOfRecord(conflict.theirs));
          }}
        />
      )}
      <NotPublishedNotice names={behind.shown} onClose={behind.close} />
      <Group mt="lg" gap="sm">
        <Button
          type="submit"
          disabled={status === "pending"}
          data-status={status}
          onClick={() => (intent.current = "save")}
        >
          {status === "pending" ? words.loading : model.drafts ? t.saveDraft : words.save}
        </Button>
        {model.drafts && (
          <Button
            type="submit"
            color="green"
            disabled={status === "pending"}
            onClick={() => (intent.current = "publish")}
          >
            {t.publish}
          </Button>
        )}
        {model.drafts && record?.id && (
          <EditorialBar
            model={model}
            record={record}
            onChanged={(row) => onSaved(row, false)}
            onRestored={() => onReload?.()}
          />
        )}
        <SaveStateText state={state} />
        {/* Beside the buttons, so the state is in sight whatever the form's scroll. */}
        {model.drafts && record?.id && <PublicationLine publication={record.publication} partial={behind.partial} />}
      </Group>
    </Form>
  );
}
