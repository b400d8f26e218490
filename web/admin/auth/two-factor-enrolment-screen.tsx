import {
  Anchor,
  Button,
  Center,
  Code,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { toDataURL } from "qrcode";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { RecoveryCodesPanel } from "./recovery-codes-panel.js";
import { twoFactorEnrolmentTexts } from "./two-factor-enrolment-texts.js";

interface Props {
  subjectId: string;
  /** Load the session again: after confirming, the server has set a full one. */
  onEnrolled(): Promise<void>;
  onSignOut(): Promise<void>;
}

interface Enrolment {
  secret: string;
  otpauthUrl: string;
}

/**
 * The step an administrator whose role requires two-factor sign-in (TWO_FACTOR_REQUIRED_ROLES)
 * sees instead of the admin until an authenticator app is confirmed: the session until then
 * reaches only the enrolment routes (docs/security.md "Two-factor sign-in"). A sign-in of the
 * last ten minutes begins without the password; an older one asks for it.
 */
export function TwoFactorEnrolmentScreen({ subjectId, onEnrolled, onSignOut }: Props) {
  const t = twoFactorEnrolmentTexts();
  const base = `/api/rbac/subjects/${subjectId}/two-factor/totp`;
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState("");
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [pending, setPending] = useState(false);

  const begin = useCallback(
    async (withPassword?: string) => {
      setPending(true);
      try {
        const body = withPassword === undefined ? {} : { password: withPassword };
        setEnrolment(await api<Enrolment>(base, { method: "POST", body }));
      } catch (error) {
        // A sign-in older than ten minutes must give the password again (400 on /password).
        if (error instanceof ApiError && error.status === 400 && error.cause.some((c) => c.path === "/password"))
          setNeedsPassword(true);
        else notifyError(error);
      } finally {
        setPending(false);
      }
    },
    [base],
  );
  useEffect(() => {
    void begin();
  }, [begin]);
  useEffect(() => {
    if (enrolment) void toDataURL(enrolment.otpauthUrl, { margin: 1, width: 192 }).then(setQr);
  }, [enrolment]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\s*\d{3}\s?\d{3}\s*$/.test(code)) return setCodeError(t.codeFormat);
    setPending(true);
    try {
      const answer = await api<{ recoveryCodes: string[] }>(`${base}/confirm`, {
        method: "POST",
        body: { code: code.trim() },
      });
      setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  };

  const step = recoveryCodes ? (
    <RecoveryCodesPanel codes={recoveryCodes} texts={t} onDone={onEnrolled} />
  ) : enrolment ? (
    <Stack component="form" onSubmit={confirm} gap="sm">
      <Text size="sm">{t.scanQr}</Text>
      {qr && <Image src={qr} alt={t.qrAlt} w={192} h={192} data-totp-qr />}
      <Text size="sm">
        {t.secretLabel}: <Code data-totp-secret>{enrolment.secret}</Code>
      </Text>
      <TextInput
        label={t.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        autoFocus
        value={code}
        error={codeError}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setCodeError(undefined);
        }}
        data-totp-code
      />
      <Button type="submit" loading={pending} fullWidth>
        {t.turnOn}
      </Button>
    </Stack>
  ) : needsPassword ? (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void begin(password);
      }}
    >
      <Text size="sm">{t.passwordNeeded}</Text>
      <PasswordInput
        label={t.password}
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <Button type="submit" loading={pending} fullWidth>
        {t.begin}
      </Button>
    </Stack>
  ) : null;

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w={440} data-two-factor-enrolment>
        <Stack>
          <div>
            <Title order={2}>{t.title}</Title>
            <Text c="dimmed" size="sm">
              {t.required}
            </Text>
          </div>
          {step}
          {!recoveryCodes && (
            <Anchor component="button" type="button" size="sm" onClick={() => void onSignOut()}>
              {t.signOut}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
