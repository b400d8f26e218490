import { Button, Code, Image, TextInput } from "@mantine/core";
import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { SessionTokens, Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { useAction } from "../use-action.js";
import { type TotpEnrolment, twoFactorApi } from "./two-factor-api.js";
import { CODE_PATTERN } from "./two-factor-strings.js";
import { useTwoFactorTexts } from "./use-two-factor-texts.js";

interface Props {
  subject: Subject;
  enrolment: TotpEnrolment;
  onConfirmed(recoveryCodes: string[]): Promise<void>;
  onCancel(): void;
}

/** The QR code of the otpauth URL (drawn in the browser: the secret goes to no other server), the key as text, and the code that turns it on. */
export function TotpEnrolmentForm({ subject, enrolment, onConfirmed, onCancel }: Props) {
  const t = useTwoFactorTexts();
  const { store } = useSession();
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    void toDataURL(enrolment.otpauthUrl, { margin: 1, width: 192 }).then(setQr);
  }, [enrolment.otpauthUrl]);

  const confirm = useAction(async () => {
    if (!/^\s*\d{3}\s?\d{3}\s*$/.test(code) || !CODE_PATTERN.test(code)) {
      setError(t("codeFormat"));
      return;
    }
    const answer = await store.call<{ recoveryCodes: string[] } & Partial<SessionTokens>>(
      `${twoFactorApi(subject.id)}/totp/confirm`,
      { method: "POST", body: { code: code.trim() } },
    );
    // A session that had to enrol first is swapped for a full one (docs/security.md).
    if (answer.jwt && answer.refresh) await store.signedIn({ jwt: answer.jwt, refresh: answer.refresh });
    await onConfirmed(answer.recoveryCodes);
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm.act();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t("scanQr")}</Text>
          {qr && <Image src={qr} alt={t("qrAlt")} w={192} h={192} data-totp-qr />}
          <Text size="sm">
            {t("secretLabel")}: <Code data-totp-secret>{enrolment.secret}</Code>
          </Text>
          <TextInput
            label={t("enterCode")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={error}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
            data-totp-code
          />
          <Group gap="sm">
            <Button type="submit" loading={confirm.pending}>
              {t("confirm")}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t("cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
