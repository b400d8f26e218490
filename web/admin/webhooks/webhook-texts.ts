import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/**
 * The webhooks screens' words (the list, a webhook's form, its status, its secret and its
 * actions), in the admin's two languages; the browser's language picks one, as on the other
 * hand-made screens. The delivery log's words are in delivery-texts.ts, the events' in event-texts.ts.
 */
const en = {
  language: "en",
  locale: "en-GB",
  webhooks: "Webhooks",
  newWebhook: "New webhook",
  search: "Search by title or URL",
  none: "No webhooks yet. A webhook sends events here (an order paid, a form sent) to another system.",
  count: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "webhook" : "webhooks"}`,
  title: "Title",
  url: "URL",
  events: "Events",
  status: "Status",
  untitled: "Webhook",
  // The form.
  about: "Where to send",
  titleHelp: "For you: the receiver never sees it",
  urlHelp: "The receiver's address, http:// or https://. Events are POSTed to it, signed.",
  active: "Active",
  activeHelp: "Turned off, it is sent nothing (events meanwhile are not kept for it)",
  urlNeeded: "Give the receiver's address, starting with http:// or https://",
  eventsNeeded: "Choose at least one event",
  // The status.
  statusActive: "Active",
  statusOff: "Off",
  statusFailing: "Failing",
  statusDisabled: "Turned off",
  failingSince: (when: string) => `Every delivery has failed since ${when}.`,
  failingHelp:
    "It is turned off if every delivery keeps failing for five days. A delivery that gets a 2xx answer clears this.",
  disabledTitle: "Turned off after failing for five days",
  disabledSince: (off: string, since: string | undefined) =>
    since ? `Turned off on ${off}: every delivery had failed since ${since}.` : `Turned off on ${off}.`,
  disabledReason: "The server's note",
  disabledHelp:
    "Nothing is sent to it while it is off. Once the receiver works again, turn it on, then redeliver what it missed from the log below.",
  turnOn: "Turn on again",
  turnedOn: "Turned on again",
  turnedOnBefore: (off: string) =>
    `Turned on again after being turned off on ${off}. Its next delivery that gets an answer clears this note.`,
  offNote: "Off: it is sent nothing. Turn it on with the Active switch above and Save.",
  // The secret.
  secretTitle: "The signing secret",
  secretCreated:
    "The receiver checks each event's signature with this secret. Copy it into the receiver now: it will not be shown again.",
  secretRolled:
    "The new signing secret. Copy it into the receiver now: it will not be shown again. The old secret keeps signing too for 24 hours, so the receiver can switch without missing an event.",
  copy: "Copy",
  copied: "Copied",
  done: "I have stored it",
  // The actions.
  actions: "Test and secret",
  sendTest: "Send test event",
  testQueued: "Test event queued",
  testHelp: "Sends a webhook.test event to this webhook alone, whatever events it takes.",
  testPending: "Test event: sending…",
  testSucceeded: (status: number | null, ms: number | null) =>
    `Test event delivered: ${status ?? "—"}${ms === null ? "" : ` in ${ms} ms`}`,
  testFailed: (status: number | null, error: string | null) =>
    `Test event not delivered: ${status ?? error ?? "no answer"}. Its retries are in the log below.`,
  testRetrying: (status: number | null, error: string | null) =>
    `Test event failed (${status ?? error ?? "no answer"}); it is tried again — see the log below.`,
  offCannotSend: "Turn the webhook on to send to it.",
  rollSecret: "Roll secret",
  rollWarning:
    "A new signing secret is made and shown once. The current one keeps signing beside it for 24 hours; after that only the new one does, so put the new one in the receiver within a day.",
  rollConfirm: "Yes, make a new secret",
  cancel: "Cancel",
  secretRolledNote: "New secret made",
};

export type WebhookTexts = typeof en;

const ru: WebhookTexts = {
  language: "ru",
  locale: "ru",
  webhooks: "Вебхуки",
  newWebhook: "Новый вебхук",
  search: "Поиск по названию или адресу",
  none: "Вебхуков пока нет. Вебхук сообщает о событиях здесь (оплачен заказ, отправлена форма) другой системе.",
  count: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "вебхук", few: "вебхука", many: "вебхуков", other: "вебхука" })}`,
  title: "Название",
  url: "Адрес",
  events: "События",
  status: "Состояние",
  untitled: "Вебхук",
  about: "Куда отправлять",
  titleHelp: "Для вас: получатель его не видит",
  urlHelp: "Адрес получателя, http:// или https://. События отправляются на него POST-запросом с подписью.",
  active: "Включён",
  activeHelp: "Выключенному ничего не отправляется (события за это время для него не сохраняются)",
  urlNeeded: "Укажите адрес получателя, начиная с http:// или https://",
  eventsNeeded: "Выберите хотя бы одно событие",
  statusActive: "Включён",
  statusOff: "Выключен",
  statusFailing: "Ошибки",
  statusDisabled: "Отключён",
  failingSince: (when: string) => `Все отправки не удаются с ${when}.`,
  failingHelp:
    "Если все отправки будут не удаваться пять дней, вебхук отключится. Первая отправка с ответом 2xx снимает эту отметку.",
  disabledTitle: "Отключён после пяти дней ошибок",
  disabledSince: (off: string, since: string | undefined) =>
    since ? `Отключён ${off}: все отправки не удавались с ${since}.` : `Отключён ${off}.`,
  disabledReason: "Запись сервера",
  disabledHelp:
    "Пока он отключён, ему ничего не отправляется. Когда получатель заработает, включите вебхук и отправьте пропущенное повторно из журнала ниже.",
  turnOn: "Включить снова",
  turnedOn: "Вебхук снова включён",
  turnedOnBefore: (off: string) =>
    `Снова включён после отключения ${off}. Первая отправка, на которую придёт ответ, снимет эту отметку.`,
  offNote: "Выключен: ему ничего не отправляется. Включите его переключателем «Включён» выше и сохраните.",
  secretTitle: "Секрет подписи",
  secretCreated:
    "Этим секретом получатель проверяет подпись каждого события. Скопируйте его в настройки получателя сейчас: больше он показан не будет.",
  secretRolled:
    "Новый секрет подписи. Скопируйте его в настройки получателя сейчас: больше он показан не будет. Старый секрет ещё 24 часа подписывает события вместе с новым, чтобы получатель успел перейти, ничего не пропустив.",
  copy: "Копировать",
  copied: "Скопировано",
  done: "Я его сохранил",
  actions: "Проверка и секрет",
  sendTest: "Отправить тестовое событие",
  testQueued: "Тестовое событие поставлено в очередь",
  testHelp: "Отправляет событие webhook.test только этому вебхуку, на какие бы события он ни был подписан.",
  testPending: "Тестовое событие: отправляется…",
  testSucceeded: (status: number | null, ms: number | null) =>
    `Тестовое событие доставлено: ${status ?? "—"}${ms === null ? "" : ` за ${ms} мс`}`,
  testFailed: (status: number | null, error: string | null) =>
    `Тестовое событие не доставлено: ${status ?? error ?? "нет ответа"}. Попытки — в журнале ниже.`,
  testRetrying: (status: number | null, error: string | null) =>
    `Тестовое событие не принято (${status ?? error ?? "нет ответа"}); будет отправлено снова — см. журнал ниже.`,
  offCannotSend: "Включите вебхук, чтобы отправлять ему события.",
  rollSecret: "Сменить секрет",
  rollWarning:
    "Будет создан новый секрет подписи, он будет показан один раз. Текущий ещё 24 часа подписывает события вместе с ним, потом — только новый, поэтому укажите новый секрет получателю в течение суток.",
  rollConfirm: "Да, создать новый секрет",
  cancel: "Отмена",
  secretRolledNote: "Новый секрет создан",
};

export function webhookTexts(language = adminLanguage()): WebhookTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}

/** Both languages' texts, for the browser test to find the screen's words. */
export const webhookStrings = { en, ru };
