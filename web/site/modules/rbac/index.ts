import { variant, type ModuleVariants } from "../../variant-types.js";

/** The rbac module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "rbac/widgets": {
    "select-method-default": variant(
      "site/modules/rbac/select-method-default.tsx",
      () => import("./select-method-default.js"),
      "SelectMethodDefault",
    ),
    "registration-default": variant(
      "site/modules/rbac/registration-default.tsx",
      () => import("./registration-default.js"),
      "RegistrationDefault",
    ),
    "forgot-password-default": variant(
      "site/modules/rbac/forgot-password-default.tsx",
      () => import("./forgot-password-default.js"),
      "ForgotPasswordDefault",
    ),
    "reset-password-default": variant(
      "site/modules/rbac/reset-password-default.tsx",
      () => import("./reset-password-default.js"),
      "ResetPasswordDefault",
    ),
    "confirm-email-default": variant(
      "site/modules/rbac/email-change-link.tsx",
      () => import("./email-change-link.js"),
      "ConfirmEmailDefault",
    ),
    "undo-email-change-default": variant(
      "site/modules/rbac/email-change-link.tsx",
      () => import("./email-change-link.js"),
      "UndoEmailChangeDefault",
    ),
    "logout-default": variant(
      "site/modules/rbac/logout-default.tsx",
      () => import("./logout-default.js"),
      "LogoutDefault",
    ),
    "identity-settings-default": variant(
      "site/modules/rbac/identity-settings-default.tsx",
      () => import("./identity-settings-default.js"),
      "IdentitySettingsDefault",
    ),
    "subject-overview-default": variant(
      "site/modules/rbac/subject-overview-default.tsx",
      () => import("./subject-overview-default.js"),
      "SubjectOverviewDefault",
    ),
    "subject-list-default": variant(
      "site/modules/rbac/subject-list-default.tsx",
      () => import("./subject-list-default.js"),
      "SubjectListDefault",
    ),
  },
  "rbac/identities": {
    "create-by-email": variant(
      "site/modules/rbac/identity-variants.tsx",
      () => import("./identity-variants.js"),
      "IdentityCreateByEmailDefault",
    ),
    "form-field-default": variant(
      "site/modules/rbac/identity-variants.tsx",
      () => import("./identity-variants.js"),
      "IdentityFormFieldDefault",
    ),
  },
};
