import { Anchor } from "@mantine/core";
import { Group, Stack, Text } from "../../render/primitives.js";
import type { Subject } from "../../session/types.js";
import { LogoutButton } from "./logout-button.js";
import { SETTINGS } from "./routes.js";
import { subjectLabel } from "./subject-label.js";
import { useRbac } from "./use-rbac.js";

/** Shown instead of a sign-in form to a subject who is already signed in. */
export function SignedInNotice({ subject }: { subject: Subject }) {
  const { t, href } = useRbac();
  return (
    <Stack gap="sm">
      <Text>
        {t("signedInAs")} <b>{subjectLabel(subject)}</b>
      </Text>
      <Group justify="space-between">
        <Anchor href={href(SETTINGS)}>{t("settings")}</Anchor>
        <LogoutButton />
      </Group>
    </Stack>
  );
}
