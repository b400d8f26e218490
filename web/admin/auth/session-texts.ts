import { adminLanguage } from "../admin-language.js";
/** The sign-in dialog's texts (a session that ended while the admin was open), in the admin's two languages. */
const en = {
  endedTitle: "Your session has ended",
  endedBody:
    "Sign in again to go on. Nothing you typed is lost: your changes wait here and are saved as soon as you are signed in.",
  email: "Email",
  password: "Password",
  signIn: "Sign in and save",
  signOut: "Sign out instead",
  notAdmin: "This account has no admin role.",
};

const ru: typeof en = {
  endedTitle: "Сеанс завершён",
  endedBody:
    "Войдите снова, чтобы продолжить. Ничего из набранного не потеряно: изменения ждут здесь и сохранятся, как только вы войдёте.",
  email: "Эл. почта",
  password: "Пароль",
  signIn: "Войти и сохранить",
  signOut: "Выйти",
  notAdmin: "У этой учётной записи нет роли администратора.",
};

export function sessionTexts(language = adminLanguage()) {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
