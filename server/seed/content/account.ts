import type { Both, SeedWriter } from "../seed-writer.js";
import { ACCOUNT_URLS } from "./urls.js";

interface AccountPage {
  url: string;
  module: string;
  variant: string;
  pageTitle: string;
  title: Both;
  subtitle: Both;
}

const pages: AccountPage[] = [
  {
    url: ACCOUNT_URLS.selectMethod,
    module: "rbac",
    variant: "select-method-default",
    pageTitle: "Sign in",
    title: { en: "Sign in", ru: "Вход" },
    subtitle: { en: "Welcome back to Northwind Studio", ru: "С возвращением в студию «Норд»" },
  },
  {
    url: ACCOUNT_URLS.registration,
    module: "rbac",
    variant: "registration-default",
    pageTitle: "Create an account",
    title: { en: "Create an account", ru: "Регистрация" },
    subtitle: { en: "It takes less than a minute", ru: "Это займёт меньше минуты" },
  },
  {
    url: ACCOUNT_URLS.forgotPassword,
    module: "rbac",
    variant: "forgot-password-default",
    pageTitle: "Forgot password",
    title: { en: "Forgot your password?", ru: "Забыли пароль?" },
    subtitle: { en: "We will mail you a reset link", ru: "Мы пришлём ссылку для сброса на почту" },
  },
  {
    url: ACCOUNT_URLS.resetPassword,
    module: "rbac",
    variant: "reset-password-default",
    pageTitle: "Reset password",
    title: { en: "Choose a new password", ru: "Придумайте новый пароль" },
    subtitle: { en: "At least 8 characters", ru: "Не короче 8 символов" },
  },
  {
    url: ACCOUNT_URLS.confirmEmail,
    module: "rbac",
    variant: "confirm-email-default",
    pageTitle: "Confirm email",
    title: { en: "Confirm your new email", ru: "Подтверждение новой почты" },
    subtitle: { en: "The link from your mail", ru: "Ссылка из письма" },
  },
  {
    url: ACCOUNT_URLS.undoEmailChange,
    module: "rbac",
    variant: "undo-email-change-default",
    pageTitle: "Undo email change",
    title: { en: "Undo the email change", ru: "Отмена смены почты" },
    subtitle: { en: "The link from your mail", ru: "Ссылка из письма" },
  },
  {
    url: ACCOUNT_URLS.logout,
    module: "rbac",
    variant: "logout-default",
    pageTitle: "Signing out",
    title: { en: "Signing out", ru: "Выход" },
    subtitle: { en: "See you soon", ru: "До скорой встречи" },
  },
  {
    url: ACCOUNT_URLS.settings,
    module: "rbac",
    variant: "identity-settings-default",
    pageTitle: "Settings",
    title: { en: "Sign-in settings", ru: "Настройки входа" },
    subtitle: { en: "Your email, password and wallets", ru: "Почта, пароль и кошельки" },
  },
  {
    url: ACCOUNT_URLS.subject,
    module: "rbac",
    variant: "subject-overview-default",
    pageTitle: "Member",
    title: { en: "Member", ru: "Участник" },
    subtitle: { en: "A member of the studio community", ru: "Участник сообщества студии" },
  },
  // host/widgets-to-external-widgets cannot name the social module (its externalModule
  // options do not list it), so the profile page shows the subject through the rbac widget.
  {
    url: ACCOUNT_URLS.profile,
    module: "rbac",
    variant: "subject-overview-default",
    pageTitle: "Profile",
    title: { en: "Profile", ru: "Профиль" },
    subtitle: { en: "What this member tells about themselves", ru: "Что участник рассказывает о себе" },
  },
];

/** The sign-in, registration, password, logout, settings and member pages, at the original client's routes (urls.ts). */
export async function seedAccountPages(w: SeedWriter) {
  for (const page of pages) {
    const slug = page.url
      .split("/")
      .filter((s) => s && !s.startsWith("["))
      .slice(-2)
      .join("-");
    const widget = await w.widget(page.module, page.variant, `account-${slug}`, {
      title: page.title,
      subtitle: page.subtitle,
    });
    // Titled in both languages: /ru/… has a Russian <title> and hidden <h1> (page-heading.tsx).
    await w.page({
      url: page.url,
      title: { en: `${page.pageTitle} · Northwind Studio`, ru: `${page.title.ru} · Студия «Норд»` },
      description: page.subtitle,
      keywords: "account, sign in",
      widgets: [widget],
    });
  }
}
