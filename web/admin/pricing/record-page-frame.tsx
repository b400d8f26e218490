import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { SaveStateText } from "../form/save-state.js";
import type { SaveState } from "../form/use-save-status.js";
import { DeleteDialog } from "../table/delete-dialog.js";
import { pricingTexts } from "./pricing-texts.js";

interface Props {
  testId: string;
  back: { to: string; label: string };
  heading: string;
  /** The record's name in "Delete '…'?"; no Delete for a record not saved yet. */
  deleteLabel?: string;
  editor: {
    loaded: boolean;
    dirty: boolean;
    busy: "save" | "delete" | undefined;
    saveState: SaveState;
    errors: Record<string, string>;
    save(): Promise<void>;
    remove(): Promise<void>;
  };
  children: ReactNode;
}

/**
 * The frame of a pricing form page: the way back to the list, the heading with "Unsaved changes"
 * and the save's state beside Save and Delete (kept in view while scrolling, as on the product
 * editor), a refusal that names no field, and the form. Delete asks first, naming the record.
 */
export function RecordPageFrame({ testId, back, heading, deleteLabel, editor, children }: Props) {
  const t = pricingTexts();
  const [deleting, setDeleting] = useState(false);
  if (!editor.loaded) return <Loader />;
  return (
    <Stack gap="md" data-testid={testId}>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      {/* Kept in view while scrolling, as on the product editor; on a phone one line of heading
          and buttons, with the save's state under it, so it covers little of the form. */}
      <Stack
        gap={2}
        style={{ position: "sticky", top: 60, zIndex: 5, background: "var(--mantine-color-body)", paddingBlock: 8 }}
      >
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
          <Title order={2} lineClamp={1} style={{ minWidth: 0 }} data-testid="pricing-heading">
            {heading}
          </Title>
          <Group gap="xs" wrap="nowrap">
            {deleteLabel !== undefined ? (
              <Button
                variant="default"
                color="red"
                onClick={() => setDeleting(true)}
                disabled={!!editor.busy}
                data-testid="pricing-delete"
              >
                {t.delete}
              </Button>
            ) : null}
            <Button
              onClick={() => void editor.save()}
              loading={editor.busy === "save"}
              disabled={!!editor.busy}
              data-testid="pricing-save"
            >
              {t.save}
            </Button>
          </Group>
        </Group>
        <Group gap="sm" mih={22}>
          {editor.dirty ? (
            <Text size="sm" c="orange.9" data-testid="pricing-unsaved">
              {t.unsaved}
            </Text>
          ) : null}
          <SaveStateText state={editor.saveState} testId="pricing-save-state" />
        </Group>
      </Stack>
      {editor.errors.form ? (
        <Alert color="red" data-testid="pricing-form-error">
          {editor.errors.form}
        </Alert>
      ) : null}
      {children}
      {deleting && deleteLabel !== undefined ? (
        <DeleteDialog label={deleteLabel} onCancel={() => setDeleting(false)} onConfirm={editor.remove} />
      ) : null}
    </Stack>
  );
}

/** A titled card of a pricing form, with a line saying what its fields do. */
export function FormSection({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb={help ? 4 : "sm"}>
        {title}
      </Title>
      {help ? (
        <Text size="sm" c="dimmed" mb="sm">
          {help}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
