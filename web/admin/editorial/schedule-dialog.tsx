import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import { useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { notifyError, notifySuccess } from "../notify.js";
import { scheduleRecord, type Publication } from "./editorial-api.js";
import { editorialTexts } from "./editorial-texts.js";

type Row = Record<string, any>;

/** `datetime-local`'s value for an ISO time, in the browser's time zone. */
const localValue = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");
const isoOf = (local: string) => (local ? dayjs(local).toISOString() : null);

interface Props {
  model: AdminModel;
  id: string;
  publication: Publication | undefined;
  onClose(): void;
  onScheduled(record: Row): void;
}

/**
 * Schedule…: when the record publishes and when it comes off the site (future moments, the
 * browser's time zone), saved by PUT …/schedule; Cancel schedule sends `publishAt: null`.
 */
export function ScheduleDialog({ model, id, publication, onClose, onScheduled }: Props) {
  const t = editorialTexts();
  const [publishAt, setPublishAt] = useState(localValue(publication?.publishAt));
  const [unpublishAt, setUnpublishAt] = useState(localValue(publication?.unpublishAt));
  const [busy, setBusy] = useState(false);
  const now = dayjs().format("YYYY-MM-DDTHH:mm");
  const send = async (schedule: { publishAt?: string | null; unpublishAt?: string | null }, done: string) => {
    setBusy(true);
    try {
      const record = await scheduleRecord(model, id, schedule);
      notifySuccess(done);
      onScheduled(record);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const scheduled = Boolean(publication?.publishAt || publication?.unpublishAt);
  return (
    <Modal opened onClose={onClose} title={t.scheduleTitle} centered size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.scheduleHelp}
        </Text>
        <TextInput
          type="datetime-local"
          label={t.publishAtLabel}
          value={publishAt}
          min={now}
          onChange={(e) => setPublishAt(e.currentTarget.value)}
          data-testid="schedule-publish-at"
        />
        <TextInput
          type="datetime-local"
          label={t.unpublishAtLabel}
          value={unpublishAt}
          min={now}
          onChange={(e) => setUnpublishAt(e.currentTarget.value)}
          data-testid="schedule-unpublish-at"
        />
        <Group justify="space-between" mt="sm">
          {scheduled ? (
            <Button
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => void send({ publishAt: null, unpublishAt: null }, t.scheduleCancelled)}
            >
              {t.scheduleCancel}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button
              loading={busy}
              disabled={!publishAt && !unpublishAt}
              onClick={() =>
                void send(
                  {
                    ...(publishAt ? { publishAt: isoOf(publishAt) } : {}),
                    ...(unpublishAt ? { unpublishAt: isoOf(unpublishAt) } : {}),
                  },
                  t.scheduleSaved,
                )
              }
            >
              {t.scheduleSave}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
