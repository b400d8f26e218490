import { Button, Group, Text } from "@mantine/core";
import Form from "@rjsf/core";
import type { ErrorSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { DECIMAL_PATTERN } from "../../../engine/query/decimal.js";
import { useMemo, useRef, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { formDataOf, formSchema, payloadOf } from "../../../engine/admin/form-schema.js";
import { ApiError } from "../../api/client.js";
import { recordActivity } from "../activity/activity-log.js";
import { recordLabel } from "../data/record-label.js";
import { notifyError } from "../notify.js";
import type { AdminFormContext } from "./form-context.js";
import { saveRecord } from "./save-record.js";
import { errorSchemaOf } from "./server-errors.js";
import { templates } from "./templates/templates.js";
import { useSaveStatus } from "./use-save-status.js";
import { fields, widgets } from "./widgets/index.js";

const WIDGET_NAMES: ReadonlySet<string> = new Set(Object.keys(widgets));

/** The schemas' own formats: an exact decimal (money) is a string the server reads the same way. */
const validator = customizeValidator({ customFormats: { decimal: DECIMAL_PATTERN } });

type Row = Record<string, any>;

interface Props {
  model: AdminModel;
  record?: Row;
  /** Values set by the context and not edited (a sub-table's parent key). */
  fixed?: Row;
  onSaved(record: Row, created: boolean): void;
}

const STATUS_TEXT = { idle: "", pending: "", success: "Saved", error: "Not saved" } as const;

/** The generated form of a model: RJSF with Mantine widgets; the server validates, its errors land on their fields. */
export function ModelForm({ model, record, fixed, onSaved }: Props) {
  const omit = Object.keys(fixed ?? {});
  const { schema, uiSchema } = useMemo(() => formSchema(model, omit, WIDGET_NAMES), [model, omit.join()]);
  const [formData, setFormData] = useState<Row>(() => formDataOf(model, record, omit));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [status, setStatus] = useSaveStatus();
  const files = useRef(new Map<string, File>());
  const context = useMemo<AdminFormContext>(() => ({ files: files.current, values: formData, record }), [formData, record]);

  const submit = async (data: Row) => {
    setStatus("pending");
    setExtraErrors(undefined);
    try {
      const saved = await saveRecord(model, record?.id, { ...payloadOf(model, data), ...fixed }, context.files);
      context.files.clear();
      setStatus("success");
      recordActivity(model.id, record?.id ? "update" : "create", recordLabel(model, saved));
      setFormData(formDataOf(model, saved, omit));
      onSaved(saved, !record?.id);
    } catch (error) {
      setStatus("error");
      if (error instanceof ApiError) setExtraErrors(errorSchemaOf(error.cause));
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
      onChange={(event) => setFormData(event.formData)}
      onSubmit={(event) => submit(event.formData)}
    >
      <Group mt="lg" gap="sm">
        <Button type="submit" disabled={status === "pending"} data-status={status}>
          {status === "pending" ? "Loading..." : "Save"}
        </Button>
        <Text size="sm" c={status === "error" ? "red" : "green"} data-testid="save-status" data-status={status}>
          {STATUS_TEXT[status]}
        </Text>
      </Group>
    </Form>
  );
}
