import { Button, Modal } from "@mantine/core";
import { Group, Text } from "../../render/primitives.js";
import { useSession } from "../../session/use-session.js";
import type { Identity } from "../../session/types.js";
import { subjectApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";

/** Asks before deleting a sign-in method: without any, the account cannot be signed in to again. */
export function DeleteIdentityDialog({
  subjectId,
  identity,
  opened,
  onClose,
}: {
  subjectId: string;
  identity: Identity;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useRbac();
  const { store } = useSession();
  const { pending, act } = useAction(async () => {
    await store.call(`${subjectApi(subjectId)}/identities/${identity.id}`, { method: "DELETE" });
    showSuccess(t("deleted"));
    onClose();
    await store.load();
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t("deleteIdentity")} centered>
      <Text size="sm" mb="md">
        {t("deleteIdentityText")}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button color="red" disabled={pending} onClick={() => void act()}>
          {pending ? t("deleting") : t("delete")}
        </Button>
      </Group>
    </Modal>
  );
}
