import { Button } from "@mantine/core";
import { useState } from "react";
import type { Passkey } from "../../../../api/passkeys.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useRbac } from "../use-rbac.js";
import { RemovePasskeyDialog, RenamePasskeyDialog } from "./passkey-dialogs.js";
import { passkeyTexts } from "./passkey-strings.js";

/** One passkey: its name, when it was added and last used, Rename and Remove. */
export function PasskeyRow({
  subject,
  passkey,
  onChanged,
}: {
  subject: Subject;
  passkey: Passkey;
  onChanged: () => Promise<void>;
}) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const [dialog, setDialog] = useState<"rename" | "remove" | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const close = () => setDialog(null);
  return (
    <Paper withBorder p="sm" radius="md" data-passkey={passkey.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm" truncate title={passkey.title}>
            {passkey.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t("added")}: {when(passkey.createdAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("lastUsed")}: {passkey.lastUsedAt ? when(passkey.lastUsedAt) : t("neverUsed")}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setDialog("rename")}>
            {t("rename")}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDialog("remove")}>
            {t("remove")}
          </Button>
        </Group>
      </Group>
      {dialog === "rename" && (
        <RenamePasskeyDialog subject={subject} passkey={passkey} onClose={close} onDone={onChanged} />
      )}
      {dialog === "remove" && (
        <RemovePasskeyDialog subject={subject} passkey={passkey} onClose={close} onDone={onChanged} />
      )}
    </Paper>
  );
}
