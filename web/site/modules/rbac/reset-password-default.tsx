import { Alert, Anchor, Button, PasswordInput } from "@mantine/core";
import { Stack } from "../../render/primitives.js";
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../../../api/client.js";
import type { VariantProps } from "../../variant-types.js";
import { AuthCard } from "./auth-card.js";
import { EMAIL_API, SELECT_METHOD } from "./routes.js";
import { useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";
import { useFormFields } from "./use-form-fields.js";
import { checkPassword } from "./validation.js";

/** The reset code from the mail's link (?code=…); read in the browser, as cached pages carry no query. */
function useResetCode(): string | null | undefined {
  const [code, setCode] = useState<string | null>();
  useEffect(() => setCode(new URLSearchParams(window.location.search).get("code") || null), []);
  return code;
}

/** Sets a new password with the code from the reset mail. */
export function ResetPasswordDefault({ record }: VariantProps) {
  const { t, href } = useRbac();
  const code = useResetCode();
  const form = useFormFields({ password: "", passwordConfirmation: "" }, (v) => ({
    password: checkPassword(v.password),
    passwordConfirmation:
      checkPassword(v.passwordConfirmation) ?? (v.passwordConfirmation !== v.password ? "passwordsDiffer" : undefined),
  }));
  const { password, passwordConfirmation: confirmation } = form.values;
  const [done, setDone] = useState(false);

  const { pending, act } = useAction(async () => {
    await api(`${EMAIL_API}/reset-password`, {
      method: "POST",
      body: { password, passwordConfirmation: confirmation, code },
      raw: true,
    });
    setDone(true);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check() && code) void act();
  };

  return (
    <AuthCard record={record}>
      {done ? (
        <Alert color="teal" title={t("passwordResetSuccess")} role="status" />
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack gap="sm">
            {code === null && (
              <Alert color="red" role="alert">
                {t("missingCode")}
              </Alert>
            )}
            <PasswordInput label={t("password")} autoComplete="new-password" {...form.field("password")} />
            <PasswordInput
              label={t("passwordConfirmation")}
              autoComplete="new-password"
              {...form.field("passwordConfirmation")}
            />
            <Button type="submit" fullWidth loading={pending} disabled={!code}>
              {t("resetPassword")}
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
