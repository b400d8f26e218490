import type { Language } from "../../../../../common/site/page-data.js";
import { stringTable } from "../../../../../common/i18n/string-table.js";

/** The passkey texts of the site's sign-in and account screens, in each language. */
const en = {
  signInWithPasskey: "Sign in with a passkey",
  passkeys: "Passkeys",
  passkeysText: "Sign in with your fingerprint, face or screen lock instead of a password.",
  noPasskeys: "No passkeys yet.",
  addPasskey: "Add a passkey",
  adding: "Waiting for your device...",
  passkeyName: "Name",
  passkeyNamePlaceholder: "MacBook passkey",
  defaultName: "Passkey",
  nameRequired: "Enter a name",
  currentPassword: "Current password",
  currentPasswordHint: "Not needed if you signed in within the last ten minutes.",
  added: "Added",
  lastUsed: "Last used",
  neverUsed: "Never used",
  rename: "Rename",
  renameTitle: "Rename passkey",
  save: "Save",
  remove: "Remove",
  removeTitle: "Remove this passkey?",
  removeText: "You will no longer be able to sign in with it. You can also delete it from your device.",
  cancel: "Cancel",
  passkeyAdded: "Passkey added",
  passkeyRenamed: "Passkey renamed",
  passkeyRemoved: "Passkey removed",
  passkeyCancelled: "The passkey request was cancelled or timed out.",
  passkeyUnsupported: "This browser cannot use passkeys.",
  usePasskeyInstead: "Use a passkey instead",
  noPasskeyForStep: "This account has no passkey: enter a code instead.",
};

const ru: Partial<Record<keyof typeof en, string>> = {
  signInWithPasskey: "Войти с ключом доступа",
  passkeys: "Ключи доступа",
  passkeysText: "Входите по отпечатку пальца, лицу или блокировке экрана вместо пароля.",
  noPasskeys: "Ключей доступа пока нет.",
  addPasskey: "Добавить ключ доступа",
  adding: "Подтвердите на устройстве...",
  passkeyName: "Название",
  passkeyNamePlaceholder: "Ключ на MacBook",
  defaultName: "Ключ доступа",
  nameRequired: "Введите название",
  currentPassword: "Текущий пароль",
  currentPasswordHint: "Не нужен, если вы вошли в последние десять минут.",
  added: "Добавлен",
  lastUsed: "Последний вход",
  neverUsed: "Ещё не использовался",
  rename: "Переименовать",
  renameTitle: "Переименовать ключ доступа",
  save: "Сохранить",
  remove: "Удалить",
  removeTitle: "Удалить этот ключ доступа?",
  removeText: "Войти с ним больше не получится. Его можно удалить и с устройства.",
  cancel: "Отмена",
  passkeyAdded: "Ключ доступа добавлен",
  passkeyRenamed: "Ключ доступа переименован",
  passkeyRemoved: "Ключ доступа удалён",
  passkeyCancelled: "Запрос ключа доступа отменён или истекло время.",
  passkeyUnsupported: "Этот браузер не поддерживает ключи доступа.",
  usePasskeyInstead: "Войти с ключом доступа вместо кода",
  noPasskeyForStep: "У этого аккаунта нет ключа доступа: введите код.",
};

export type PasskeyStringKey = keyof typeof en;
export const { strings: passkeyStrings, text: passkeyText } = stringTable("rbac-passkeys", en, { ru });

/** The page's language's passkey texts. */
export const passkeyTexts = (language: Language) => (key: PasskeyStringKey) => passkeyText(key, language);
