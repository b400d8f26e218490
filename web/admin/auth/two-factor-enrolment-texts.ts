import { adminLanguage } from "../admin-language.js";
/** The admin's two-factor enrolment step (TWO_FACTOR_REQUIRED_ROLES) in the admin's two languages; the browser's language picks one. */
const texts = {
  en: {
    title: "Turn on two-factor sign-in",
    required:
      "Your role requires a code from an authenticator app each time you sign in. Set it up now to reach the admin.",
    passwordNeeded: "Enter your password to begin (your sign-in is more than ten minutes old).",
    password: "Password",
    begin: "Continue",
    scanQr: "Scan this QR code with an authenticator app (Google Authenticator, 1Password, Aegis…).",
    qrAlt: "QR code for the authenticator app",
    secretLabel: "Or type this key",
    code: "6-digit code from the app",
    codeFormat: "Enter the 6 digits",
    turnOn: "Turn on",
    recoveryTitle: "Save your recovery codes",
    recoveryText:
      "Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.",
    copy: "Copy codes",
    copied: "Copied",
    continue: "Continue to the admin",
    signOut: "Sign out",
  },
  ru: {
    title: "Включите двухфакторный вход",
    required:
      "Для вашей роли при каждом входе нужен код из приложения-аутентификатора. Настройте его, чтобы перейти в админку.",
    passwordNeeded: "Введите пароль, чтобы начать (вы вошли больше десяти минут назад).",
    password: "Пароль",
    begin: "Продолжить",
    scanQr: "Отсканируйте QR-код приложением-аутентификатором (Google Authenticator, 1Password, Aegis…).",
    qrAlt: "QR-код для приложения-аутентификатора",
    secretLabel: "Или введите ключ",
    code: "6-значный код из приложения",
    codeFormat: "Введите 6 цифр",
    turnOn: "Включить",
    recoveryTitle: "Сохраните резервные коды",
    recoveryText:
      "Каждый код один раз позволит войти, если вы потеряете телефон. Они показаны только сейчас: сохраните их в надёжном месте.",
    copy: "Скопировать коды",
    copied: "Скопировано",
    continue: "Перейти в админку",
    signOut: "Выйти",
  },
} as const;

export type TwoFactorEnrolmentTexts = (typeof texts)[keyof typeof texts];

export function twoFactorEnrolmentTexts(language = adminLanguage()): TwoFactorEnrolmentTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}

/** Both languages' texts, for the browser tests to find the screen's words. */
export const twoFactorEnrolmentStrings = texts;
