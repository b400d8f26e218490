import { adminLanguage } from "../admin-language.js";
/**
 * The audit log's words in the admin (the Activity screen, a record's History) in its two
 * languages; the browser's language picks one. A line reads as a sentence a shop owner reads:
 * who did what to which record.
 */
const en = {
  language: "en",
  activity: "Activity",
  activityOfKind: "Activity of these records",
  administration: "Administration",
  help: "Every change to the site's records and every sign-in: who made it, how and from where, newest first.",
  person: "Person",
  personPlaceholder: "Anyone: type an email",
  kind: "Kind of record",
  kindPlaceholder: "Any kind",
  action: "Action",
  actionPlaceholder: "Any action",
  from: "From",
  to: "To",
  clearFilters: "Clear filters",
  nobodyFound: "Nobody with this email.",
  exportCsv: "Export CSV",
  loadMore: "Load more",
  loading: "Loading...",
  empty: "Nothing recorded matches these filters.",
  emptyAll: "Nothing has been recorded yet.",
  failed: "The activity could not be loaded.",
  retry: "Try again",
  showChanges: (n: number) => `Show ${n === 1 ? "the change" : `${n.toLocaleString("en")} changes`}`,
  hideChanges: "Hide the changes",
  open: "Open",
  field: "Field",
  before: "Before",
  after: "After",
  hidden: "hidden",
  nothing: "—",
  yes: "yes",
  no: "no",
  /** How the request was signed in, and from where. */
  via: {
    session: "Signed-in session",
    "api-key": "API key",
    "secret-key": "Secret key",
    anonymous: "Visitor",
    system: "System",
  } as Record<string, string>,
  whereFrom: (how: string, address: string) => `${how} from ${address}`,
  /** Who, when the entry names no email. */
  actors: {
    session: "An account without email",
    "api-key": "An API key",
    "secret-key": "The secret key",
    anonymous: "A visitor",
    system: "The system",
  } as Record<string, string>,
  /** Each action's name: the filter's choices, a record's History ("Changed by …"). */
  actions: {
    create: "Created",
    update: "Changed",
    delete: "Deleted",
    publish: "Published",
    unpublish: "Unpublished",
    schedule: "Scheduled",
    restore: "Restored",
    "sign-in": "Signed in",
    "sign-in-failed": "Failed sign-in",
    "first-admin-setup": "First administrator set up",
    revoke: "Revoked",
    "roll-secret": "Secret rolled",
  } as Record<string, string>,
  /** A line's verb between who and the record. */
  verbs: {
    create: "created",
    update: "updated",
    delete: "deleted",
    publish: "published",
    unpublish: "unpublished",
    schedule: "scheduled the publishing of",
    revoke: "revoked",
    "roll-secret": "made a new secret for",
  } as Record<string, string>,
  record: (who: string, verb: string, kind: string, label: string) => `${who} ${verb} ${kind} "${label}"`,
  restored: (who: string, version: string, kind: string, label: string) =>
    `${who} restored version ${version} of ${kind} "${label}"`,
  signedIn: (who: string, method: string) => `${who} signed in (${method})`,
  signInFailed: (login: string | undefined, method: string, reason: string) =>
    `Failed sign-in${login ? ` as ${login}` : ""} (${method}): ${reason}`,
  firstAdmin: (login: string) => `First administrator ${login} set up`,
  other: (who: string, action: string, kind: string, label: string) => `${who}: ${action} ${kind} "${label}"`,
  // "Changed by the secret key": an actor's name mid-sentence in lower case; an email as it is.
  by: (action: string, who: string) =>
    `${action} by ${who.includes("@") ? who : who.charAt(0).toLowerCase() + who.slice(1)}`,
  methods: {
    password: "password",
    "two-factor": "two-factor code",
    passkey: "passkey",
    "single-sign-on": "single sign-on",
    wallet: "wallet",
    registration: "registration",
    guest: "guest checkout",
    "first-admin": "first administrator setup",
    "password-change": "password change",
    "two-factor-enrolment": "two-factor enrolment",
  } as Record<string, string>,
  /** The server's reasons for a failed sign-in, in words; one not listed shows as the server wrote it. */
  reasons: {} as Record<string, string>,
  /** The fields of events, which no schema titles. */
  eventFields: {
    method: "Method",
    reason: "Reason",
    login: "Login",
    version: "Version",
    published: "Published",
    unpublished: "Unpublished",
    publishAt: "Publish at",
    unpublishAt: "Unpublish at",
    revokedAt: "Revoked at",
  } as Record<string, string>,
  history: "History",
  historyNone: "No changes recorded yet.",
  showMore: "Show more",
};

export type ActivityTexts = typeof en;

const ru: ActivityTexts = {
  language: "ru",
  activity: "Журнал действий",
  activityOfKind: "Журнал действий с этими записями",
  administration: "Администрирование",
  help: "Все изменения записей сайта и все входы: кто, как и откуда, сначала новые.",
  person: "Человек",
  personPlaceholder: "Все: введите email",
  kind: "Вид записи",
  kindPlaceholder: "Любой вид",
  action: "Действие",
  actionPlaceholder: "Любое действие",
  from: "С",
  to: "По",
  clearFilters: "Сбросить фильтры",
  nobodyFound: "Нет никого с таким email.",
  exportCsv: "Экспорт CSV",
  loadMore: "Загрузить ещё",
  loading: "Загрузка...",
  empty: "Под эти фильтры ничего не подходит.",
  emptyAll: "Пока ничего не записано.",
  failed: "Не удалось загрузить журнал.",
  retry: "Повторить",
  showChanges: (n: number) => `Показать изменения (${n.toLocaleString("ru")})`,
  hideChanges: "Скрыть изменения",
  open: "Открыть",
  field: "Поле",
  before: "Было",
  after: "Стало",
  hidden: "скрыто",
  nothing: "—",
  yes: "да",
  no: "нет",
  via: {
    session: "Сеанс входа",
    "api-key": "API-ключ",
    "secret-key": "Секретный ключ",
    anonymous: "Посетитель",
    system: "Система",
  },
  whereFrom: (how: string, address: string) => `${how}, адрес ${address}`,
  actors: {
    session: "Учётная запись без email",
    "api-key": "API-ключ",
    "secret-key": "Секретный ключ",
    anonymous: "Посетитель",
    system: "Система",
  },
  actions: {
    create: "Создано",
    update: "Изменено",
    delete: "Удалено",
    publish: "Опубликовано",
    unpublish: "Снято с публикации",
    schedule: "Запланировано",
    restore: "Восстановлено",
    "sign-in": "Вход",
    "sign-in-failed": "Неудачный вход",
    "first-admin-setup": "Создан первый администратор",
    revoke: "Отозвано",
    "roll-secret": "Новый секрет",
  },
  // Nouns, not past-tense verbs: a Russian verb takes the doer's gender, which an email does not say.
  verbs: {
    create: "создание",
    update: "изменение",
    delete: "удаление",
    publish: "публикация",
    unpublish: "снятие с публикации",
    schedule: "расписание публикации",
    revoke: "отзыв",
    "roll-secret": "новый секрет",
  },
  record: (who: string, verb: string, kind: string, label: string) => `${who}: ${verb} — ${kind} «${label}»`,
  restored: (who: string, version: string, kind: string, label: string) =>
    `${who}: восстановление версии ${version} — ${kind} «${label}»`,
  signedIn: (who: string, method: string) => `${who}: вход (${method})`,
  signInFailed: (login: string | undefined, method: string, reason: string) =>
    `Неудачный вход${login ? ` как ${login}` : ""} (${method}): ${reason}`,
  firstAdmin: (login: string) => `Создан первый администратор ${login}`,
  other: (who: string, action: string, kind: string, label: string) => `${who}: ${action} — ${kind} «${label}»`,
  by: (action: string, who: string) => `${action}: ${who}`,
  methods: {
    password: "пароль",
    "two-factor": "код двухфакторной проверки",
    passkey: "ключ доступа",
    "single-sign-on": "единый вход",
    wallet: "кошелёк",
    registration: "регистрация",
    guest: "гостевой заказ",
    "first-admin": "настройка первого администратора",
    "password-change": "смена пароля",
    "two-factor-enrolment": "подключение двухфакторной проверки",
  },
  // Every reason the sign-in routes give (server/modules/rbac: the password, code, passkey,
  // wallet and single sign-on checks that attemptSignIn records).
  reasons: {
    "wrong login or password": "неверный логин или пароль",
    "the code is wrong, used already or expired": "код неверный, уже использован или истёк",
    "too many wrong codes for this account: wait a quarter of an hour and sign in again":
      "слишком много неверных кодов для этой учётной записи: подождите четверть часа и войдите снова",
    "wrong setup code: copy it from the server's start log":
      "неверный код настройки: скопируйте его из журнала запуска сервера",
    "the sign-in has expired or is used up: sign in again": "вход истёк или уже использован: войдите снова",
    "the passkey could not be verified": "ключ доступа не удалось проверить",
    "the passkey's answer names no challenge": "ответ ключа доступа не называет запрос",
    "the passkey challenge was already used, expired, or not issued for this":
      "запрос ключа доступа уже использован, истёк или выдан не для этого",
    "this account has no passkey": "у этой учётной записи нет ключа доступа",
    "No account found": "учётная запись не найдена",
    "the signature does not match the address": "подпись не соответствует адресу",
    "the signed timestamp is more than five minutes from now":
      "подписанное время отличается от текущего больше чем на пять минут",
    "the sign-in message is expired, not yet valid, for another site or for another address":
      "сообщение для входа истекло, ещё не действует, выдано для другого сайта или другого адреса",
    "the sign-in message was already used": "сообщение для входа уже использовано",
    "the sign-in message was already used, or its nonce expired or was not issued here":
      "сообщение для входа уже использовано, или его одноразовый код истёк или выдан не здесь",
    "the single sign-on provider cannot be reached": "сервис единого входа недоступен",
    "the single sign-on provider did not answer in time": "сервис единого входа не ответил вовремя",
    "this single sign-on answer is unknown, already used, expired or was begun in another browser: sign in again":
      "этот ответ единого входа неизвестен, уже использован, истёк или начат в другом браузере: войдите снова",
    "an administrator already exists: sign in instead": "администратор уже есть: войдите",
  },
  eventFields: {
    method: "Способ",
    reason: "Причина",
    login: "Логин",
    version: "Версия",
    published: "Опубликовано",
    unpublished: "Снято с публикации",
    publishAt: "Опубликовать",
    unpublishAt: "Снять с публикации",
    revokedAt: "Отозван",
  },
  history: "История",
  historyNone: "Изменений пока не записано.",
  showMore: "Показать ещё",
};

export function activityTexts(language = adminLanguage()): ActivityTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}

/** Both languages' texts, for the tests. */
export const activityStrings = { en, ru };
