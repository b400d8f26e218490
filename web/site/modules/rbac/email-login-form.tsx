import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { api } from "../../../api/client.js";
import { useSession } from "../../session/use-session.js";
import type { SessionTokens } from "../../session/types.js";
import { EMAIL_API, FORGOT_PASSWORD, HOME, REGISTRATION, goTo } from "./routes.js";
import { useAction } from "./use-action.js";
import { useHydrated } from "./use-hydrated.js";
import { useRbac } from "./use-rbac.js";
import { useFormFields } from "./use-form-fields.js";
import { checkEmail, checkPassword } from "./validation.js";

/** Email and password sign-in; success keeps the session and goes home. */
export function EmailLoginForm() {
  const { t, href } = useRbac();
  const { store } = useSession();
  const hydrated = useHydrated();
  const form = useFormFields({ login: "", password: "" }, (v) => ({ login: checkEmail(v.login), password: checkPassword(v.password) }));
  const { login, password } = form.values;

  const { pending, act } = useAction(async () => {
    const tokens = await api<SessionTokens>(`${EMAIL_API}/authentication`, { method: "POST", body: { login: login.trim(), password }, raw: true });
    await store.signedIn(tokens);
    goTo(href(HOME));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("email")}
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          {...form.field("login")}
        />
        <PasswordInput
          label={t("password")}
          autoComplete="current-password"
          {...form.field("password")}
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
