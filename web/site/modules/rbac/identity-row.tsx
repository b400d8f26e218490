import { Badge, Button } from "@mantine/core";
import { Group, Paper, Text } from "../../render/primitives.js";
import { useState } from "react";
import { EMAIL_PROVIDER, WALLET_PROVIDER, type Identity, type Subject } from "../../session/types.js";
import { DeleteIdentityDialog } from "./delete-identity-dialog.js";
import { EmailChangeDialog } from "./email-change-dialog.js";
import type { RbacStringKey } from "./strings.js";
import { useRbac } from "./use-rbac.js";

const BADGES: Record<string, RbacStringKey> = {
  [EMAIL_PROVIDER]: "providerEmail",
  email: "providerEmail",
  [WALLET_PROVIDER]: "providerEvm",
  openid_connect: "providerSso",
};

/**
 * One sign-in method: its provider badge, its email (or wallet address), Edit and Delete. The
 * only one has no Delete: the server keeps a subject's last sign-in method (409).
 */
export function IdentityRow({ subject, identity }: { subject: Subject; identity: Identity }) {
  const { t } = useRbac();
  const deletable = subject.identities.length > 1;
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const badge = BADGES[identity.provider];
  const hasEmail = identity.provider === EMAIL_PROVIDER || identity.provider === "email";
  return (
    <Paper withBorder p="sm" radius="md" data-identity={identity.id}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Badge variant="light" color={identity.provider === WALLET_PROVIDER ? "grape" : "blue"}>
            {badge ? t(badge) : identity.provider}
          </Badge>
          <Text size="sm" truncate title={identity.email ?? identity.account ?? undefined}>
            {identity.email ?? identity.account ?? ""}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {hasEmail && (
            <Button size="xs" variant="default" onClick={() => setDialog("edit")}>
              {t("edit")}
            </Button>
          )}
          {deletable && (
            <Button size="xs" variant="light" color="red" onClick={() => setDialog("delete")}>
              {t("delete")}
            </Button>
          )}
        </Group>
      </Group>
      {dialog === "edit" && (
        <EmailChangeDialog subject={subject} identity={identity} opened onClose={() => setDialog(null)} />
      )}
      {dialog === "delete" && (
        <DeleteIdentityDialog subject={subject} identity={identity} opened onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}
