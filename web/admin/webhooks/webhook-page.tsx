import { Loader, Stack, Switch, TextInput } from "@mantine/core";
import { useCallback, useState } from "react";
import { notifyError } from "../notify.js";
import { stateOf } from "../pricing/pricing-api.js";
import { FormSection, RecordPageFrame } from "../pricing/record-page-frame.js";
import { fieldErrorsOf } from "../pricing/server-causes.js";
import { useRecordEditor } from "../pricing/use-record-editor.js";
import { DeliveryLog } from "./delivery-log.js";
import { eventTexts } from "./event-texts.js";
import { EventsPicker } from "./events-picker.js";
import { SecretOnce } from "./secret-once.js";
import { useDeliveries } from "./use-deliveries.js";
import { useEventCatalogue } from "./use-event-catalogue.js";
import { WebhookActions } from "./webhook-actions.js";
import {
  emptyWebhook,
  WEBHOOK_FIELDS,
  webhookErrors,
  webhookFormOf,
  webhookInputOf,
  type WebhookForm,
} from "./webhook-form.js";
import { WebhookStatusNotice } from "./webhook-status.js";
import { webhookTexts } from "./webhook-texts.js";
import { deleteWebhook, loadWebhook, saveWebhook, type Webhook } from "./webhooks-api.js";

/**
 * /admin/webhooks/{id} (and /admin/webhooks/new): one webhook as an administrator runs it — where
 * it stands (failing, turned off and why, with "Turn on again"), its title, URL, events (picked:
 * events-picker.tsx) and Active switch with Save and Delete; then "Send test event", "Roll
 * secret" and the delivery log. The signing secret the create or a roll answers is shown once.
 * The admins' mail about a webhook turned off links here.
 */
export function WebhookPage() {
  const t = webhookTexts();
  const e = eventTexts();
  const catalogue = useEventCatalogue(t.language);
  // The record as last read or saved: its status fields are the server's, never the form's.
  const [record, setRecord] = useState<Webhook>();
  const [secret, setSecret] = useState<{ value: string; rolled: boolean }>();
  const labels: Record<string, string> = { title: t.title, url: t.url, events: e.chosen, active: t.active };
  const editor = useRecordEditor<WebhookForm>({
    listPath: "/admin/webhooks",
    empty: emptyWebhook,
    load: async (id, signal) => {
      const webhook = await loadWebhook(id, signal);
      setRecord(webhook);
      return { form: webhookFormOf(webhook), etag: stateOf(webhook) };
    },
    check: (form) => webhookErrors(form, t),
    save: async (id, form, etag) => {
      const { secret: value, ...saved } = (await saveWebhook(id, webhookInputOf(form), etag)) as Webhook & {
        secret?: string;
      };
      // A create answers the signing secret this once: shown until the admin says it is stored.
      if (value) setSecret({ value, rolled: false });
      setRecord(saved);
      return { id: saved.id, form: webhookFormOf(saved), etag: stateOf(saved) };
    },
    remove: deleteWebhook,
    errorsOf: (error) => fieldErrorsOf(error, WEBHOOK_FIELDS),
    labelOf: (key) => labels[key],
  });
  const { form, change, errors } = editor;
  const id = editor.isNew ? undefined : record?.id;
  // Deliveries move the webhook's state (failing since, turned off): read it again when they do.
  const refreshStatus = useCallback(() => {
    if (id) loadWebhook(id).then(setRecord, notifyError);
  }, [id]);
  const log = useDeliveries(id, refreshStatus);
  const heading = form.title.trim() || record?.url || (editor.isNew ? t.newWebhook : t.untitled);
  return (
    <RecordPageFrame
      testId="webhook-editor"
      back={{ to: "/admin/webhooks", label: t.webhooks }}
      heading={heading}
      deleteLabel={editor.isNew ? undefined : heading}
      editor={editor}
    >
      {secret ? <SecretOnce secret={secret.value} rolled={secret.rolled} onDone={() => setSecret(undefined)} /> : null}
      {id && record ? (
        <WebhookStatusNotice
          webhook={record}
          busy={editor.busy === "save"}
          onTurnOn={() => void editor.save({ ...form, active: true })}
        />
      ) : null}
      <FormSection title={t.about}>
        <Stack gap="sm">
          <TextInput
            label={t.title}
            description={t.titleHelp}
            value={form.title}
            error={errors.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
            data-testid="webhook-title"
          />
          <TextInput
            label={t.url}
            description={t.urlHelp}
            placeholder="https://example.com/hooks/platform"
            required
            inputMode="url"
            spellCheck={false}
            value={form.url}
            error={errors.url}
            onChange={(event) => change({ url: event.currentTarget.value })}
            data-testid="webhook-url"
          />
          <Switch
            label={t.active}
            description={t.activeHelp}
            checked={form.active}
            error={errors.active}
            onChange={(event) => change({ active: event.currentTarget.checked })}
            data-testid="webhook-active"
          />
        </Stack>
      </FormSection>
      <FormSection title={t.events}>
        {catalogue ? (
          <EventsPicker
            value={form.events}
            onChange={(events) => change({ events })}
            catalogue={catalogue}
            error={errors.events}
          />
        ) : (
          <Loader size="sm" />
        )}
      </FormSection>
      {id && record ? (
        <WebhookActions
          webhookId={id}
          active={record.active}
          deliveries={log.rows}
          reloadLog={log.reload}
          onSecret={(value) => setSecret({ value, rolled: true })}
        />
      ) : null}
      {id && record ? <DeliveryLog webhookId={id} log={log} catalogue={catalogue} active={record.active} /> : null}
    </RecordPageFrame>
  );
}
