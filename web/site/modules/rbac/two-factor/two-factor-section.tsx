import { Alert, Badge, Button, PasswordInput, Skeleton } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { Group, Stack, Text, Title } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { showError, showSuccess, useAction } from "../use-action.js";
import { RecoveryCodes } from "./recovery-codes.js";
import { TotpEnrolmentForm } from "./totp-enrolment-form.js";
import { TurnOffForm } from "./turn-off-form.js";
import { type TotpEnrolment, type TwoFactorState, twoFactorApi } from "./two-factor-api.js";
import { useTwoFactorTexts } from "./use-two-factor-texts.js";

/**
 * The account screen's "Two-factor sign-in": on or off with the recovery codes left; Turn on asks
 * for the password, shows the QR code and the key, and a code from the app turns it on and shows
 * the recovery codes once; Turn off asks for the password and a code. Only a subject with an
 * email sign-in has a password sign-in to guard, so others see nothing.
 */
export function TwoFactorSection({ subject }: { subject: Subject }) {
  const t = useTwoFactorTexts();
  const { store } = useSession();
  const [state, setState] = useState<TwoFactorState>();
  const [step, setStep] = useState<"password" | "turn-off">();
  const [password, setPassword] = useState("");
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const load = useCallback(async () => {
    try {
      setState(await store.call<TwoFactorState>(twoFactorApi(subject.id)));
    } catch (error) {
      showError(error);
    }
  }, [store, subject.id]);
  useEffect(() => void load(), [load]);

  const begin = useAction(async () => {
    setEnrolment(
      await store.call<TotpEnrolment>(`${twoFactorApi(subject.id)}/totp`, { method: "POST", body: { password } }),
    );
    setPassword("");
    setStep(undefined);
  });
  const confirmed = async (recoveryCodes: string[]) => {
    setEnrolment(undefined);
    setCodes(recoveryCodes);
    showSuccess(t("turnedOn"));
    await load();
  };

  if (!subject.identities.some((i) => i.provider === "email_and_password")) return null;
  return (
    <Stack gap="sm" data-two-factor>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3}>{t("title")}</Title>
          {state && (
            <Badge color={state.enabled ? "teal" : "gray"} variant="light" data-two-factor-status>
              {state.enabled ? t("statusOn") : t("statusOff")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t("intro")}
        </Text>
      </Stack>
      {!state && <Skeleton height={36} radius="md" />}
      {state?.required && !state.enabled && <Alert color="orange">{t("required")}</Alert>}
      {state?.enabled && (
        <Text size="sm" data-recovery-codes-left>
          {t("codesLeft", { count: String(state.recoveryCodesLeft) })}
        </Text>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />}
      {enrolment && (
        <TotpEnrolmentForm
          subject={subject}
          enrolment={enrolment}
          onConfirmed={confirmed}
          onCancel={() => setEnrolment(undefined)}
        />
      )}
      {step === "password" && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void begin.act();
          }}
        >
          <Group align="flex-end" gap="sm">
            <PasswordInput
              label={t("password")}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-two-factor-password
            />
            <Button type="submit" loading={begin.pending}>
              {t("continue")}
            </Button>
            <Button variant="default" onClick={() => setStep(undefined)}>
              {t("cancel")}
            </Button>
          </Group>
        </form>
      )}
      {step === "turn-off" && (
        <TurnOffForm
          subject={subject}
          onDone={async () => {
            setStep(undefined);
            showSuccess(t("turnedOff"));
            await load();
          }}
          onCancel={() => setStep(undefined)}
        />
      )}
      {state && !step && !enrolment && !codes && (
        <Group justify="flex-start">
          {state.enabled ? (
            <Button variant="default" color="red" onClick={() => setStep("turn-off")} data-two-factor-off>
              {t("turnOff")}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setStep("password")} data-two-factor-on>
              {t("turnOn")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
