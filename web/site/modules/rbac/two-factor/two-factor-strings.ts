import { stringTable } from "../../../../../common/i18n/string-table.js";

/** The texts of two-factor sign-in: the account section and the sign-in's code step, in each language. */
const en = {
  title: "Two-factor sign-in",
  intro: "After your password, sign-in asks for a code from an authenticator app on your phone.",
  statusOn: "On",
  statusOff: "Off",
  required: "Your role requires two-factor sign-in. Turn it on to use your account.",
  codesLeft: "Recovery codes left: {count}",
  turnOn: "Turn on",
  turnOff: "Turn off",
  password: "Password",
  continue: "Continue",
  cancel: "Cancel",
  scanQr: "Scan this QR code with your authenticator app, or type the key below into it.",
  qrAlt: "QR code for your authenticator app",
  secretLabel: "Key",
  enterCode: "Enter the 6-digit code from your app",
  code: "Code",
  confirm: "Turn on",
  turnedOn: "Two-factor sign-in is on",
  recoveryTitle: "Your recovery codes",
  recoveryText:
    "Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only this once.",
  copy: "Copy codes",
  copied: "Copied",
  done: "Done",
  turnOffText: "Enter your password and a code from your app (or a recovery code) to turn two-factor sign-in off.",
  codeOrRecovery: "Code or recovery code",
  turnedOff: "Two-factor sign-in is off",
  stepTitle: "Two-factor sign-in",
  useRecovery: "Use a recovery code",
  useApp: "Use a code from the app",
  recoveryCode: "Recovery code",
  recoveryHint: "Enter one of the recovery codes you saved, such as abcde-fghij.",
  verify: "Verify",
  back: "Back",
  codeFormat: "Enter the 6 digits",
  recoveryFormat: "Enter a recovery code such as abcde-fghij",
};

const ru: Partial<typeof en> = {
  title: "Двухфакторный вход",
  intro: "После пароля при входе нужно ввести код из приложения-аутентификатора на телефоне.",
  statusOn: "Включён",
  statusOff: "Выключен",
  required: "Ваша роль требует двухфакторного входа. Включите его, чтобы пользоваться учётной записью.",
  codesLeft: "Осталось резервных кодов: {count}",
  turnOn: "Включить",
  turnOff: "Выключить",
  password: "Пароль",
  continue: "Продолжить",
  cancel: "Отмена",
  scanQr: "Отсканируйте QR-код приложением-аутентификатором или введите в него ключ ниже.",
  qrAlt: "QR-код для приложения-аутентификатора",
  secretLabel: "Ключ",
  enterCode: "Введите 6-значный код из приложения",
  code: "Код",
  confirm: "Включить",
  turnedOn: "Двухфакторный вход включён",
  recoveryTitle: "Ваши резервные коды",
  recoveryText:
    "Каждый код позволяет войти один раз, если вы потеряете телефон. Сохраните их в надёжном месте: они показываются только сейчас.",
  copy: "Скопировать коды",
  copied: "Скопировано",
  done: "Готово",
  turnOffText: "Введите пароль и код из приложения (или резервный код), чтобы выключить двухфакторный вход.",
  codeOrRecovery: "Код или резервный код",
  turnedOff: "Двухфакторный вход выключен",
  stepTitle: "Двухфакторный вход",
  useRecovery: "Войти с резервным кодом",
  useApp: "Ввести код из приложения",
  recoveryCode: "Резервный код",
  recoveryHint: "Введите один из сохранённых резервных кодов, например abcde-fghij.",
  verify: "Подтвердить",
  back: "Назад",
  codeFormat: "Введите 6 цифр",
  recoveryFormat: "Введите резервный код, например abcde-fghij",
};

export const { text: twoFactorText } = stringTable("rbac-two-factor", en, { ru });
export type TwoFactorStringKey = keyof typeof en;

/** What the server answers a password sign-in while two-factor sign-in is on (docs/security.md). */
export interface TwoFactorAnswer {
  twoFactor: { required: true; token: string };
}

export const isTwoFactorAnswer = (answer: unknown): answer is TwoFactorAnswer =>
  !!answer && typeof answer === "object" && "twoFactor" in answer;

/** A code field's input as the server takes it: six digits, or a recovery code. */
export const CODE_PATTERN = /^\s*(\d{3}\s?\d{3}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})\s*$/;

/**
 * Whether a session may only enrol in two-factor sign-in (TWO_FACTOR_REQUIRED_ROLES): its JWT's
 * `scp` claim, read without checking (the server checks; this only picks the page to go to).
 */
export function mustEnrol(jwt: string): boolean {
  try {
    const payload = JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return payload.scp !== undefined;
  } catch {
    return false;
  }
}
