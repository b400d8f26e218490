import { Modal } from "@mantine/core";
import { Stack, Text } from "../../render/primitives.js";
import type { Identity, Subject } from "../../session/types.js";
import { IdentityEmailForm } from "./identity-email-form.js";
import { useRbac } from "./use-rbac.js";

/** Changes an email identity's email (closed → open → submitting → closed). */
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
  const { t } = useRbac();
  return (
    <Modal opened={opened} onClose={onClose} title={t("changeEmail")} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("changeEmailText")}
        </Text>
        <IdentityEmailForm subject={subject} identity={identity} labels={["update", "updating"]} onDone={onClose} />
      </Stack>
    </Modal>
  );
}
