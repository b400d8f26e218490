import { Anchor, Button, TextInput } from "@mantine/core";
import { useState } from "react";
import { api } from "../../../../api/client.js";
import { Group, Stack, Text, Title } from "../../../render/primitives.js";
import type { SessionTokens } from "../../../session/types.js";
import { AUTH_API } from "../routes.js";
import { useAction } from "../use-action.js";
import { CODE_PATTERN, isTwoFactorAnswer } from "./two-factor-strings.js";
import { useTwoFactorTexts } from "./use-two-factor-texts.js";
import { PasskeySecondStep } from "../passkeys/passkey-second-step.js";

/** A password sign-in waiting for its code: the token the server answered, until a code is sent or the visitor goes back. */
export function useTwoFactorChallenge() {
  const [token, setToken] = useState<string>();
  return {
    token,
    /** True when the answer asks for a code (and keeps its token): the caller then waits for the code step. */
    caught: (answer: unknown): boolean => {
      if (!isTwoFactorAnswer(answer)) return false;
      setToken(answer.twoFactor.token);
      return true;
    },
    cancel: () => setToken(undefined),
  };
}

interface Props {
  token: string;
  /** What the password sign-in does with a session: keep it and go on. */
  onSignedIn(tokens: SessionTokens): Promise<void>;
  onBack(): void;
}

/** "Enter the 6-digit code from your app", or a recovery code: POST authentication/two-factor answers the session. */
export function TwoFactorSignInStep({ token, onSignedIn, onBack }: Props) {
  const t = useTwoFactorTexts();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const verify = useAction(async () => {
    const wellFormed = recovery ? /^\s*[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}\s*$/ : /^\s*\d{3}\s?\d{3}\s*$/;
    if (!wellFormed.test(code) || !CODE_PATTERN.test(code)) {
      setError(t(recovery ? "recoveryFormat" : "codeFormat"));
      return;
    }
    const tokens = await api<SessionTokens>(`${AUTH_API}/two-factor`, {
      method: "POST",
      body: { token, code: code.trim() },
    });
    await onSignedIn(tokens);
  });
  return (
    <form
      method="post"
      noValidate
      data-two-factor-step
      onSubmit={(event) => {
        event.preventDefault();
        void verify.act();
      }}
    >
      <Stack gap="sm">
        <Title order={3}>{t("stepTitle")}</Title>
        <Text size="sm">{recovery ? t("recoveryHint") : t("enterCode")}</Text>
        <TextInput
          key={recovery ? "recovery" : "app"}
          label={recovery ? t("recoveryCode") : t("code")}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
          maxLength={recovery ? 11 : 7}
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(undefined);
          }}
          data-two-factor-code
        />
        <Button type="submit" fullWidth loading={verify.pending}>
          {t("verify")}
        </Button>
        <PasskeySecondStep token={token} onSignedIn={onSignedIn} />
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
              setError(undefined);
            }}
          >
            {recovery ? t("useApp") : t("useRecovery")}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t("back")}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
