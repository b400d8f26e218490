import { Button, PasswordInput } from "@mantine/core";
import { useState } from "react";
import { api } from "../../../../api/client.js";
import { SsoRefusalAlert } from "../../../../ui/single-sign-on/sso-refusal.js";
import { ssoTexts } from "../../../../ui/single-sign-on/texts.js";
import { SSO_API, useSingleSignOn } from "../../../../ui/single-sign-on/use-single-sign-on.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import { EMAIL_PROVIDER, type Subject } from "../../../session/types.js";
import { goTo } from "../routes.js";
import { useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";

const SSO_PROVIDER = "openid_connect";

/**
 * The account screen's "Link …": a signed-in subject adds single sign-on as a way in. The server
 * asks for the current password (a stolen session must not add the thief's provider account), or
 * a sign-in of the last ten minutes; then the browser signs in at the provider once and comes back here.
 */
export function SsoLink({ subject }: { subject: Subject }) {
  const { language } = useRbac();
  const status = useSingleSignOn();
  const [currentPassword, setCurrentPassword] = useState("");
  const t = ssoTexts(language, status?.name);
  const { pending, act } = useAction(async () => {
    const returnTo = `${window.location.pathname}${window.location.search}`;
    const body = currentPassword ? { currentPassword, returnTo } : { returnTo };
    const { url } = await api<{ url: string }>(`${SSO_API}/link`, { method: "POST", body });
    goTo(url);
  });
  if (!status?.enabled || subject.identities.some((i) => i.provider === SSO_PROVIDER)) return null;
  const hasPassword = subject.identities.some((i) => i.provider === EMAIL_PROVIDER);
  return (
    <Paper withBorder p="sm" radius="md" data-sso-link>
      <Stack gap="xs">
        <Text fw={600}>{t("linkTitle")}</Text>
        <SsoRefusalAlert language={language} name={status.name} />
        <Text size="sm" c="dimmed">
          {t("linkText")}
        </Text>
        {hasPassword && (
          <PasswordInput
            label={t("currentPassword")}
            description={t("currentPasswordHint")}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-start">
          <Button variant="default" loading={pending} onClick={() => void act()}>
            {t("link")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
