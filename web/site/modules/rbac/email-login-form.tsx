import { Anchor, Button, PasswordInput, TextInput } from "@mantine/core";
import { Group, Stack, Text } from "../../render/primitives.js";
import { FORGOT_PASSWORD, REGISTRATION } from "./routes.js";
import { useCredentialsForm } from "./use-credentials-form.js";
import { useHydrated } from "./use-hydrated.js";
import { useRbac } from "./use-rbac.js";
import { keepingReason, useSignInReason } from "./sign-in-reason.js";
import { TwoFactorSignInStep } from "./two-factor/two-factor-sign-in-step.js";

/** Email and password sign-in; success keeps the session and goes home. */
export function EmailLoginForm() {
  const { t, href } = useRbac();
  const reason = useSignInReason();
  const hydrated = useHydrated();
  const { form, pending, submit, twoFactor, finish } = useCredentialsForm("authentication");
  if (twoFactor.token)
    return <TwoFactorSignInStep token={twoFactor.token} onSignedIn={finish} onBack={twoFactor.cancel} />;

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("email")}
          type="email"
          autoComplete="email"
          placeholder={t("emailPlaceholder")}
          {...form.field("login")}
        />
        <PasswordInput label={t("password")} autoComplete="current-password" {...form.field("password")} />
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
          <Anchor href={keepingReason(href(REGISTRATION), reason)} fw={500}>
            {t("signUp")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
