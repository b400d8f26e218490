import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/** The subject record's "Sign-in security" section in the admin's two languages; the browser's language picks one. */
const texts = {
  en: {
    title: "Sign-in security",
    twoFactor: "Two-factor sign-in",
    on: (left: number) => `On · ${left} recovery ${left === 1 ? "code" : "codes"} left`,
    off: "Off",
    requiredOff: "Off · their role requires it: they set it up at their next sign-in",
    reset: "Reset two-factor sign-in",
    resetWarning:
      "Their authenticator app and recovery codes stop working, and their password alone signs them in until they turn it on again. They are mailed about it. Do this only once you are sure who asked (a lost phone).",
    resetConfirm: "Yes, reset it",
    cancel: "Cancel",
    resetDone: "Two-factor sign-in was reset",
    devices: (count: number) =>
      count === 0 ? "Not signed in anywhere" : `Signed in on ${count} ${count === 1 ? "device" : "devices"}`,
    signOutEverywhere: "Sign out everywhere",
    signedOut: (count: number) => `Signed out of ${count} ${count === 1 ? "device" : "devices"}`,
    locale: "en-GB",
    apiKeys: (count: number) => (count === 0 ? "No API keys" : `${count} API ${count === 1 ? "key" : "keys"}`),
    access: { read: "Read only", "read-write": "Read and write", routes: "Chosen routes only" },
    lastUsed: (time: string) => `last used ${time}`,
    neverUsed: "never used",
    expires: (time: string) => `expires ${time}`,
    noExpiry: "does not expire",
    revoke: "Revoke",
    revokeConfirm: "Yes, revoke it",
    keyRevoked: (title: string) => `The key ${title} was revoked`,
  },
  ru: {
    title: "Безопасность входа",
    twoFactor: "Двухфакторный вход",
    on: (left: number) =>
      `Включён · осталось ${left} ${plural("ru", left, { one: "резервный код", few: "резервных кода", many: "резервных кодов", other: "резервных кода" })}`,
    off: "Выключен",
    requiredOff: "Выключен · его роль требует: настройка при следующем входе",
    reset: "Сбросить двухфакторный вход",
    resetWarning:
      "Приложение-аутентификатор и резервные коды перестанут действовать, и до повторного включения для входа будет достаточно пароля. Человеку придёт письмо об этом. Делайте это, только убедившись, кто просит (потерянный телефон).",
    resetConfirm: "Да, сбросить",
    cancel: "Отмена",
    resetDone: "Двухфакторный вход сброшен",
    devices: (count: number) =>
      count === 0
        ? "Нигде не выполнен вход"
        : `Вход выполнен на ${count} ${plural("ru", count, { one: "устройстве", few: "устройствах", many: "устройствах", other: "устройствах" })}`,
    signOutEverywhere: "Выйти на всех устройствах",
    signedOut: (count: number) =>
      `Выход выполнен на ${count} ${plural("ru", count, { one: "устройстве", few: "устройствах", many: "устройствах", other: "устройствах" })}`,
    locale: "ru",
    apiKeys: (count: number) =>
      count === 0
        ? "Нет ключей API"
        : `${count} ${plural("ru", count, { one: "ключ", few: "ключа", many: "ключей", other: "ключа" })} API`,
    access: { read: "Только чтение", "read-write": "Чтение и запись", routes: "Только выбранные адреса" },
    lastUsed: (time: string) => `использован ${time}`,
    neverUsed: "ещё не использован",
    expires: (time: string) => `действует до ${time}`,
    noExpiry: "бессрочный",
    revoke: "Отозвать",
    revokeConfirm: "Да, отозвать",
    keyRevoked: (title: string) => `Ключ «${title}» отозван`,
  },
};

export type SignInSecurityTexts = typeof texts.en;

export function signInSecurityTexts(language = adminLanguage()): SignInSecurityTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}

/** Both languages' texts, for the browser tests to find the section's words. */
export const signInSecurityStrings = texts;
