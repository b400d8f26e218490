import { Divider, Modal, Stack, Title } from "@mantine/core";
import { useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { RelationSubTables } from "../relations/relation-sub-tables.js";
import { ModelForm } from "./model-form.js";

type Row = Record<string, any>;

interface Props {
  model: AdminModel;
  record?: Row;
  fixed?: Row;
  onClose(): void;
  onSaved(): void;
}

/**
 * 'Create {Entity}' or 'Update {Entity}' in a dialog at most 80vh high that scrolls inside. A new
 * record with relation sub-tables turns into its update form once created, so relations can be
 * added straight away; one without closes.
 */
export function FormDialog({ model, record, fixed, onClose, onSaved }: Props) {
  const [current, setCurrent] = useState(record);
  const saved = (row: Row, created: boolean) => {
    onSaved();
    if (created && model.embeds.length === 0) onClose();
    else setCurrent(row);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={<Title order={3}>{`${current?.id ? "Update" : "Create"} ${model.title}`}</Title>}
      styles={{ content: { maxHeight: "80vh", display: "flex", flexDirection: "column" }, body: { overflowY: "auto" } }}
    >
      <Stack gap="lg">
        <ModelForm model={model} record={current} fixed={fixed} onSaved={saved} />
        {current?.id && model.embeds.length > 0 && (
          <>
            <Divider label="Relations" labelPosition="left" />
            <RelationSubTables model={model} recordId={current.id} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
