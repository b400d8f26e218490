import { stringTable } from "../../../../../common/i18n/string-table.js";
import type { Language } from "../../../../../common/site/page-data.js";

/** The texts of the account screen's "API keys" section, in each language. */
const en = {
  apiKeys: "API keys",
  apiKeysText:
    "A key lets a script or another program use your account through the API, with the access you give it. It can never sign in, change your password or make keys.",
  noApiKeys: "You have no API keys.",
  newKey: "New key",
  keyName: "Name",
  keyNamePlaceholder: "Backup script",
  nameRequired: "Give the key a name",
  access: "Access",
  readOnly: "Read only",
  readWrite: "Read and write",
  customAccess: "Chosen routes only",
  expiry: "Expires",
  never: "Never",
  days30: "In 30 days",
  days90: "In 90 days",
  year: "In a year",
  currentPassword: "Current password",
  currentPasswordHint: "Needed when you signed in more than ten minutes ago",
  passwordRequired: "You signed in a while ago: enter your current password",
  wrongPassword: "This is not your current password",
  create: "Create key",
  creating: "Creating...",
  cancel: "Cancel",
  keyCreatedTitle: "Your new key",
  keyCreatedText: "Copy it now and keep it somewhere safe: it is shown only this once.",
  copy: "Copy",
  copied: "Copied",
  done: "Done",
  lastUsed: "last used {time}",
  neverUsed: "never used",
  expiresAt: "expires {time}",
  expiredAt: "expired {time}",
  noExpiry: "does not expire",
  revoke: "Revoke",
  revokeConfirm: "Revoke {name}? Programs using it stop working at once.",
  revoked: "The key was revoked",
  created: "The key was created",
};

const ru: Partial<typeof en> = {
  apiKeys: "Ключи API",
  apiKeysText:
    "Ключ позволяет скрипту или другой программе работать с вашей учётной записью через API с теми правами, которые вы ему дадите. Им нельзя войти, сменить пароль или создать другие ключи.",
  noApiKeys: "У вас нет ключей API.",
  newKey: "Новый ключ",
  keyName: "Название",
  keyNamePlaceholder: "Скрипт резервного копирования",
  nameRequired: "Назовите ключ",
  access: "Доступ",
  readOnly: "Только чтение",
  readWrite: "Чтение и запись",
  customAccess: "Только выбранные адреса",
  expiry: "Срок действия",
  never: "Бессрочно",
  days30: "30 дней",
  days90: "90 дней",
  year: "Год",
  currentPassword: "Текущий пароль",
  currentPasswordHint: "Нужен, если вы вошли больше десяти минут назад",
  passwordRequired: "Вы вошли давно: введите текущий пароль",
  wrongPassword: "Это не ваш текущий пароль",
  create: "Создать ключ",
  creating: "Создаём...",
  cancel: "Отмена",
  keyCreatedTitle: "Ваш новый ключ",
  keyCreatedText: "Скопируйте его сейчас и сохраните в надёжном месте: он показывается только один раз.",
  copy: "Копировать",
  copied: "Скопировано",
  done: "Готово",
  lastUsed: "использован {time}",
  neverUsed: "ещё не использован",
  expiresAt: "действует до {time}",
  expiredAt: "истёк {time}",
  noExpiry: "бессрочный",
  revoke: "Отозвать",
  revokeConfirm: "Отозвать «{name}»? Программы, которые им пользуются, сразу перестанут работать.",
  revoked: "Ключ отозван",
  created: "Ключ создан",
};

export type ApiKeyStringKey = keyof typeof en;
export const { text: apiKeyText } = stringTable("rbac-api-keys", en, { ru });

/** The page's language's texts, with {name} places filled. */
export const apiKeyTexts =
  (language: Language) =>
  (key: ApiKeyStringKey, values: Record<string, string> = {}) =>
    apiKeyText(key, language).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
