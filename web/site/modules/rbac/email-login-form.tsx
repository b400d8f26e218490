import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { api } from "../../../api/client.js";
import { useSession } from "../../session/use-session.js";
import type { SessionTokens } from "../../session/types.js";
import { EMAIL_API, FORGOT_PASSWORD, HOME, REGISTRATION, goTo } from "./routes.js";
import { useAction } from "./use-action.js";
import { useHydrated } from "./use-hydrated.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail, checkPassword, clearError, hasErrors, validate, type FieldErrors } from "./validation.js";

/** Email and password sign-in; success keeps the session and goes home. */
export function EmailLoginForm() {
  const { t, href } = useRbac();
  const { store } = useSession();
  const hydrated = useHydrated();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"login" | "password">>({});

  const { pending, act } = useAction(async () => {
    const tokens = await api<SessionTokens>(`${EMAIL_API}/authentication`, { method: "POST", body: { login: login.trim(), password }, raw: true });
    await store.signedIn(tokens);
    goTo(href(HOME));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate({ login: checkEmail(login), password: checkPassword(password) });
    setErrors(found);
    if (!hasErrors(found)) void act();
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("email")}
          name="login"
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          value={login}
          onChange={(e) => {
            setLogin(e.currentTarget.value);
            setErrors(clearError("login"));
          }}
          error={errors.login && t(errors.login)}
        />
        <PasswordInput
          label={t("password")}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setErrors(clearError("password"));
          }}
          error={errors.password && t(errors.password)}
        />
        <Group justify="flex-end">
          <Anchor href={href(FORGOT_PASSWORD)} size="sm">
            {t("forgotPassword")}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={pending} disabled={!hydrated}>
          {t("login")}
        </Button>
        <Text size="sm" ta="center">
          {t("noAccount")}{" "}
          <Anchor href={href(REGISTRATION)} fw={500}>
            {t("signUp")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
