import { Anchor, Button, Skeleton } from "@mantine/core";
import { Card, Container, Group, Paper, Stack, Text, Title } from "../../render/primitives.js";
import { useState } from "react";
import type { VariantProps } from "../../variant-types.js";
import { text } from "../../../../common/i18n/text.js";
import { EMAIL_PROVIDER, type Subject } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { ChangePasswordDialog } from "./change-password-dialog.js";
import { IdentityCreateByEmail } from "./identity-create-by-email.js";
import { IdentityRow } from "./identity-row.js";
import { SELECT_METHOD } from "./routes.js";
import { SignedInDevices } from "./signed-in-devices.js";
import { useRbac } from "./use-rbac.js";
import { PasskeysSection } from "./passkeys/passkeys-section.js";
import { SsoLink } from "./single-sign-on/sso-link.js";
import { TwoFactorSection } from "./two-factor/two-factor-section.js";
import { ApiKeysSection } from "./api-keys/api-keys-section.js";

/**
 * /rbac/subjects/settings: the signed-in subject's sign-in methods and the password change. All
 * of it is the visitor's own, so it renders after the browser has loaded the session.
 */
export function IdentitySettingsDefault({ record }: VariantProps) {
  const { t, language, href } = useRbac();
  const { state } = useSession();
  const title = text(record.title, language) || t("identities");
  const subtitle = text(record.subtitle, language) || t("identitiesText");
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2}>{title}</Title>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </Stack>
          {state.status === "loading" && <Skeleton height={56} radius="md" />}
          {state.status === "signed-out" && (
            <Text size="sm">
              {t("signInToManage")} <Anchor href={`${href(SELECT_METHOD)}?reason=account`}>{t("signIn")}</Anchor>
            </Text>
          )}
          {state.status === "signed-in" && <Identities subject={state.subject} />}
          {state.status === "signed-in" && <SignedInDevices subject={state.subject} />}
          {state.status === "signed-in" && <ApiKeysSection subject={state.subject} />}
        </Stack>
      </Card>
    </Container>
  );
}

function Identities({ subject }: { subject: Subject }) {
  const { t } = useRbac();
  const [changing, setChanging] = useState(false);
  const emailIdentity = subject.identities.find((i) => i.provider === EMAIL_PROVIDER);
  return (
    <Stack gap="sm">
      {subject.identities.length === 0 && <Text size="sm">{t("noIdentities")}</Text>}
      {subject.identities.map((identity) => (
        <IdentityRow key={identity.id} subject={subject} identity={identity} />
      ))}
      <AddEmailIdentity subject={subject} />
      <PasskeysSection subject={subject} />
      <SsoLink subject={subject} />
      <TwoFactorSection subject={subject} />
      {emailIdentity && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setChanging(true)}>
            {t("changePasswordButton")}
          </Button>
          {changing && <ChangePasswordDialog identity={emailIdentity} opened onClose={() => setChanging(false)} />}
        </Group>
      )}
    </Stack>
  );
}

/** 'Add an email sign-in': the create-by-email form, opened from a button. */
function AddEmailIdentity({ subject }: { subject: Subject }) {
  const { t } = useRbac();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Group justify="flex-start">
        <Button variant="subtle" onClick={() => setOpen(true)} data-add-identity>
          {t("addEmailIdentity")}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{t("addEmailIdentity")}</Text>
        <Text size="sm" c="dimmed">
          {t("addEmailIdentityText")}
        </Text>
        <IdentityCreateByEmail subject={subject} onDone={() => setOpen(false)} />
      </Stack>
    </Paper>
  );
}
