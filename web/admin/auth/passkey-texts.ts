import { adminLanguage } from "../admin-language.js";
/**
 * The admin sign-in's passkey texts in the admin's two languages; the browser's language picks one.
 * "Use a passkey" rather than "Sign in with a passkey": the password form's button is "Sign in",
 * and a second button whose name contains it would make that name ambiguous to assistive
 * technology and to tests finding the button by it.
 */
const texts = {
  en: {
    signIn: "Use a passkey",
    or: "or",
    cancelled: "The passkey request was cancelled or timed out.",
    unsupported: "This browser cannot use passkeys.",
    instead: "Use a passkey instead",
    noPasskey: "This account has no passkey: enter a code instead.",
  },
  ru: {
    signIn: "Войти с ключом доступа",
    or: "или",
    cancelled: "Запрос ключа доступа отменён или истекло время.",
    unsupported: "Этот браузер не поддерживает ключи доступа.",
    instead: "Войти с ключом доступа вместо кода",
    noPasskey: "У этого аккаунта нет ключа доступа: введите код.",
  },
} as const;

export type PasskeyTexts = (typeof texts)[keyof typeof texts];

export function passkeyTexts(language = adminLanguage()): PasskeyTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
