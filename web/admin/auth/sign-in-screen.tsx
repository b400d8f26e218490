import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { api } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { AUTH } from "./use-session.js";
import { PasskeySignIn } from "./passkey-sign-in.js";
import { SsoSignInButton } from "./sso-sign-in-button.js";
import { TwoFactorStep } from "./two-factor-step.js";
import { twoFactorTokenOf } from "./two-factor-texts.js";

interface Props {
  onSignedIn(): Promise<void>;
  /** Signed in, but without the admin role. */
  notAdmin: boolean;
  onSignOut(): Promise<void>;
}

/** Email and password sign-in; the server answers with the HttpOnly session cookie. */
export function SignInScreen({ onSignedIn, notAdmin, onSignOut }: Props) {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  // With two-factor sign-in on, the password answers a token for the code step (docs/security.md).
  const [twoFactorToken, setTwoFactorToken] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await api(`${AUTH}/email-and-password/authentication`, {
        method: "POST",
        body: { login, password },
        raw: true,
      });
      const token = twoFactorTokenOf(answer);
      if (token) return setTwoFactorToken(token);
      await onSignedIn();
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  };

  if (twoFactorToken)
    return <TwoFactorStep token={twoFactorToken} onSignedIn={onSignedIn} onBack={() => setTwoFactorToken(undefined)} />;
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w={400} component="form" onSubmit={submit}>
        <Stack>
          <div>
            <Title order={2}>Admin</Title>
            <Text c="dimmed" size="sm">
              Sign in with an administrator account.
            </Text>
          </div>
          {notAdmin && (
            <Alert color="orange" title="Not an administrator">
              This account has no admin role. Sign in with another account.{" "}
              <Button variant="subtle" size="compact-xs" onClick={onSignOut}>
                Sign out
              </Button>
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            name="login"
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            autoComplete="username"
          />
          <PasswordInput
            label="Password"
            name="password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
          />
          <Button type="submit" loading={pending} fullWidth>
            Sign in
          </Button>
          <PasskeySignIn onSignedIn={onSignedIn} />
          <SsoSignInButton />
        </Stack>
      </Paper>
    </Center>
  );
}
