import { adminLanguage } from "../admin-language.js";
/** The admin sign-in's two-factor code step in the admin's two languages; the browser's language picks one. */
const texts = {
  en: {
    title: "Two-factor sign-in",
    enterCode: "Enter the 6-digit code from your app",
    code: "Code",
    recoveryCode: "Recovery code",
    recoveryHint: "Enter one of the recovery codes you saved, such as abcde-fghij.",
    useRecovery: "Use a recovery code",
    useApp: "Use a code from the app",
    verify: "Verify",
    back: "Back",
    codeFormat: "Enter the 6 digits",
    recoveryFormat: "Enter a recovery code such as abcde-fghij",
  },
  ru: {
    title: "Двухфакторный вход",
    enterCode: "Введите 6-значный код из приложения",
    code: "Код",
    recoveryCode: "Резервный код",
    recoveryHint: "Введите один из сохранённых резервных кодов, например abcde-fghij.",
    useRecovery: "Войти с резервным кодом",
    useApp: "Ввести код из приложения",
    verify: "Подтвердить",
    back: "Назад",
    codeFormat: "Введите 6 цифр",
    recoveryFormat: "Введите резервный код, например abcde-fghij",
  },
} as const;

export type TwoFactorTexts = (typeof texts)[keyof typeof texts];

export function twoFactorTexts(language = adminLanguage()): TwoFactorTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}

/** The token of a password sign-in's answer that asks for the code (docs/security.md "Two-factor sign-in"), else undefined. */
export function twoFactorTokenOf(answer: unknown): string | undefined {
  const step =
    answer && typeof answer === "object" && "twoFactor" in answer
      ? (answer.twoFactor as { token?: unknown })
      : undefined;
  return typeof step?.token === "string" ? step.token : undefined;
}
