import type { VariantProps } from "../../variant-types.js";
import type { Identity } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { IdentityCreateByEmail } from "./identity-create-by-email.js";
import { IdentityEmailForm } from "./identity-email-form.js";

// The identity variants of rbac/identities: the signed-in subject's own forms, so
// they render once the browser has loaded the session.

/** create-by-email: add an email-and-password sign-in method to the signed-in subject. */
export function IdentityCreateByEmailDefault(_props: VariantProps) {
  const { state } = useSession();
  return state.status === "signed-in" ? <IdentityCreateByEmail subject={state.subject} /> : null;
}

/** form-field-default: the identity's email field and Submit (the email form shown outside the settings page). */
export function IdentityFormFieldDefault({ record }: VariantProps) {
  const { state } = useSession();
  if (state.status !== "signed-in") return null;
  const identity = state.subject.identities.find((i) => i.id === record.id) ?? (record as Identity);
  return <IdentityEmailForm subject={state.subject} identity={identity} />;
}
