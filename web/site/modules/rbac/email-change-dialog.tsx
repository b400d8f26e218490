import { Alert, Button, Modal } from "@mantine/core";
import { useState } from "react";
import { Group, Stack, Text } from "../../render/primitives.js";
import type { Identity, Subject } from "../../session/types.js";
import { deviceText, filled } from "./device-strings.js";
import { IdentityEmailForm } from "./identity-email-form.js";
import { useRbac } from "./use-rbac.js";

/**
 * Changes an email identity's email (closed → open → submitting → link sent → closed). The
 * subject's own change is made only from the link mailed to the new address, so the dialog ends
 * by saying where the link went.
 */
export function EmailChangeDialog({
  subject,
  identity,
  opened,
  onClose,
}: {
  subject: Subject;
  identity: Identity;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, language } = useRbac();
  const [sentTo, setSentTo] = useState<string>();
  return (
    <Modal opened={opened} onClose={onClose} title={t("changeEmail")} centered>
      {sentTo ? (
        <Stack gap="sm">
          <Alert color="teal" title={deviceText("emailLinkSentTitle", language)} role="status" data-email-link-sent>
            {filled(deviceText("emailLinkSent", language), { email: sentTo })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{deviceText("close", language)}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("changeEmailText")}
          </Text>
          <IdentityEmailForm
            subject={subject}
            identity={identity}
            labels={["update", "updating"]}
            onDone={onClose}
            onLinkSent={setSentTo}
          />
        </Stack>
      )}
    </Modal>
  );
}
