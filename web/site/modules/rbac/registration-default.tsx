import { Anchor, Button, PasswordInput, TextInput } from "@mantine/core";
import { Stack, Text } from "../../render/primitives.js";
import { useSession } from "../../session/use-session.js";
import type { VariantProps } from "../../variant-types.js";
import { AuthCard } from "./auth-card.js";
import { SELECT_METHOD } from "./routes.js";
import { SignedInNotice } from "./signed-in-notice.js";
import { useCredentialsForm } from "./use-credentials-form.js";
import { useHydrated } from "./use-hydrated.js";
import { useRbac } from "./use-rbac.js";
import { keepingReason, useSignInReason } from "./sign-in-reason.js";

/**
 * Sign-up with email and password; the new session is kept and the visitor goes home. A subject
 * signed in without identities (authentication/init) is completed by the server; one with
 * identities is told who they are instead.
 */
export function RegistrationDefault({ record }: VariantProps) {
  const { t, href } = useRbac();
  const reason = useSignInReason();
  const { state } = useSession();
  const hydrated = useHydrated();
  const { form, pending, submit } = useCredentialsForm("registration");

  if (state.status === "signed-in" && state.subject.identities.length > 0) {
    return (
      <AuthCard record={record}>
        <SignedInNotice subject={state.subject} />
      </AuthCard>
    );
  }
  return (
    <AuthCard record={record}>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("email")}
            type="email"
            autoComplete="email"
            placeholder={t("emailPlaceholder")}
            {...form.field("login")}
          />
          <PasswordInput label={t("password")} autoComplete="new-password" {...form.field("password")} />
          <Button type="submit" fullWidth loading={pending} disabled={!hydrated}>
            {t("createAccount")}
          </Button>
          <Text size="sm" ta="center">
            {t("alreadyHaveAccount")}{" "}
            <Anchor href={keepingReason(href(SELECT_METHOD), reason)} fw={500}>
              {t("signIn")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
