import type { ModuleVariants } from "../../variant-types.js";
import { ForgotPasswordDefault } from "./forgot-password-default.js";
import { IdentitySettingsDefault } from "./identity-settings-default.js";
import { IdentityCreateByEmailDefault, IdentityFormFieldDefault } from "./identity-variants.js";
import { LogoutDefault } from "./logout-default.js";
import { RegistrationDefault } from "./registration-default.js";
import { ResetPasswordDefault } from "./reset-password-default.js";
import { SelectMethodDefault } from "./select-method-default.js";
import { SubjectListDefault } from "./subject-list-default.js";
import { SubjectOverviewDefault } from "./subject-overview-default.js";

/** The rbac module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "rbac/widgets": {
    "select-method-default": SelectMethodDefault,
    "registration-default": RegistrationDefault,
    "forgot-password-default": ForgotPasswordDefault,
    "reset-password-default": ResetPasswordDefault,
    "logout-default": LogoutDefault,
    "identity-settings-default": IdentitySettingsDefault,
    "subject-overview-default": SubjectOverviewDefault,
    "subject-list-default": SubjectListDefault,
  },
  "rbac/identities": {
    "create-by-email": IdentityCreateByEmailDefault,
    "form-field-default": IdentityFormFieldDefault,
  },
};
