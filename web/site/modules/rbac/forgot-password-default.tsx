import { Alert, Anchor, Button, TextInput } from "@mantine/core";
import { Stack } from "../../render/primitives.js";
import { useState, type FormEvent } from "react";
import { useFormFields } from "./use-form-fields.js";
import { api } from "../../../api/client.js";
import type { VariantProps } from "../../variant-types.js";
import { AuthCard } from "./auth-card.js";
import { EMAIL_API, SELECT_METHOD } from "./routes.js";
import { useAction } from "./use-action.js";
import { useHydrated } from "./use-hydrated.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail } from "./validation.js";

/**
 * Asks for a reset link. The server answers the same whether or not the email has an account,
 * so the screen does too: 'Reset link sent'.
 */
export function ForgotPasswordDefault({ record }: VariantProps) {
  const { t, href } = useRbac();
  const hydrated = useHydrated();
  const form = useFormFields({ email: "" }, (v) => ({ email: checkEmail(v.email) }));
  const { email } = form.values;
  const [sent, setSent] = useState(false);

  const { pending, act } = useAction(async () => {
    await api(`${EMAIL_API}/forgot-password`, { method: "POST", body: { email: email.trim() }, raw: true });
    setSent(true);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <AuthCard record={record}>
      {sent ? (
        <Alert color="teal" title={t("resetLinkSent")} role="status">
          {t("resetLinkSentText")}
        </Alert>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t("email")}
              type="email"
              autoComplete="email"
              placeholder={t("emailPlaceholder")}
              {...form.field("email")}
            />
            <Button type="submit" fullWidth loading={pending} disabled={!hydrated}>
              {t("sendResetLink")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor href={href(SELECT_METHOD)} size="sm" ta="center">
        {t("backToSignIn")}
      </Anchor>
    </AuthCard>
  );
}
