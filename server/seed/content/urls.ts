/** The original client's page routes that the demo pages live at. */
export const SIGN_IN_URL = "/rbac/subject/authentication/select-method";
export const ACCOUNT_URLS = {
  selectMethod: SIGN_IN_URL,
  registration: "/rbac/subject/authentication/email-and-password/registration",
  forgotPassword: "/rbac/subject/authentication/email-and-password/forgot-password",
  resetPassword: "/rbac/subject/authentication/email-and-password/reset-password",
  confirmEmail: "/rbac/subject/authentication/email-and-password/confirm-email",
  undoEmailChange: "/rbac/subject/authentication/email-and-password/undo-email-change",
  logout: "/rbac/subject/authentication/logout",
  settings: "/rbac/subjects/settings",
  subject: "/rbac/subjects/[rbac.subjects.slug]",
  profile: "/rbac/subjects/[rbac.subjects.slug]/social/profile",
};
