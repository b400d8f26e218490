import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../api/client.js";
import { notifyError, notifySuccess } from "../notify.js";
import { PersonApiKeys } from "./person-api-keys.js";
import { signInSecurityTexts } from "./sign-in-security-texts.js";

interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

/**
 * A person's record in the admin (Subjects) shows how they sign in and what an administrator may
 * do about a lost phone or a stolen session (docs/security.md): whether two-factor sign-in is on,
 * "Reset two-factor sign-in" (asked twice: it weakens the account), how many devices are signed
 * in, and "Sign out everywhere"; their API keys, each with Revoke.
 */
export function SignInSecurityPanel({ subjectId }: { subjectId: string }) {
  const t = signInSecurityTexts();
  const base = `/api/rbac/subjects/${subjectId}`;
  const [twoFactor, setTwoFactor] = useState<TwoFactorState>();
  const [devices, setDevices] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const load = useCallback(async () => {
    const [state, sessions] = await Promise.all([
      api<TwoFactorState>(`${base}/two-factor`),
      api<unknown[]>(`${base}/sessions`),
    ]);
    setTwoFactor(state);
    setDevices(sessions.length);
  }, [base]);
  useEffect(() => {
    load().catch(notifyError);
  }, [load]);

  const act = async (work: () => Promise<string>) => {
    setPending(true);
    try {
      notifySuccess(await work());
      setConfirming(false);
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  };
  const reset = () =>
    act(async () => {
      await api(`${base}/two-factor`, { method: "DELETE" });
      return t.resetDone;
    });
  const signOutEverywhere = () =>
    act(async () => {
      const { revoked } = await api<{ revoked: number }>(`${base}/sessions`, { method: "DELETE" });
      return t.signedOut(revoked);
    });

  if (!twoFactor || devices === undefined) return null;
  return (
    <Paper withBorder p="md" radius="md" data-sign-in-security>
      <Stack gap="sm">
        <Title order={4}>{t.title}</Title>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={500}>{t.twoFactor}</Text>
            <Badge color={twoFactor.enabled ? "green" : twoFactor.required ? "orange" : "gray"} variant="light">
              {twoFactor.enabled ? t.on(twoFactor.recoveryCodesLeft) : twoFactor.required ? t.requiredOff : t.off}
            </Badge>
          </Group>
          {twoFactor.enabled && !confirming && (
            <Button variant="light" color="red" size="compact-sm" onClick={() => setConfirming(true)}>
              {t.reset}
            </Button>
          )}
        </Group>
        {confirming && (
          <Alert color="red" title={t.reset}>
            <Stack gap="xs">
              <Text size="sm">{t.resetWarning}</Text>
              <Group gap="xs">
                <Button color="red" size="compact-sm" loading={pending} onClick={() => void reset()}>
                  {t.resetConfirm}
                </Button>
                <Button variant="default" size="compact-sm" onClick={() => setConfirming(false)}>
                  {t.cancel}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text fw={500} data-devices>
            {t.devices(devices)}
          </Text>
          {devices > 0 && (
            <Button variant="light" size="compact-sm" loading={pending} onClick={() => void signOutEverywhere()}>
              {t.signOutEverywhere}
            </Button>
          )}
        </Group>
        <PersonApiKeys subjectId={subjectId} />
      </Stack>
    </Paper>
  );
}
