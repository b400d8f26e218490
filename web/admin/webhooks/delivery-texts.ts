import { adminLanguage } from "../admin-language.js";
/** The delivery log's words (a webhook's page), in the admin's two languages; the browser's language picks one. */
const en = {
  log: "Delivery log",
  logHelp: "Every event sent to this webhook, newest first. Open a row for the receiver's answer and each attempt.",
  none: "Nothing sent yet. Send a test event to try the receiver.",
  refresh: "Refresh",
  more: "Show older",
  event: "Event",
  state: "State",
  attempts: "Attempts",
  statusCode: "Status",
  duration: "Duration",
  time: "Queued",
  nextAttempt: "Next attempt",
  states: { queued: "Queued", retrying: "Retrying", succeeded: "Delivered", failed: "Failed" } as Record<
    string,
    string
  >,
  redelivery: "redelivery",
  ms: (n: number) => `${n.toLocaleString("en")} ms`,
  details: "Details",
  showDetails: (event: string) => `Show the answer and attempts of ${event}`,
  hideDetails: (event: string) => `Hide the details of ${event}`,
  response: "The receiver's answer (first 2 KB)",
  noResponse: "No answer body.",
  error: "Error",
  attemptLog: "Attempts",
  attemptNumber: "#",
  at: "Time",
  messageId: "Message (webhook-id header, the same on every attempt and redelivery)",
  redeliver: "Redeliver",
  redelivered: "Sent again as a new delivery",
  offCannotRedeliver: "Turn the webhook on to redeliver",
};

export type DeliveryTexts = typeof en;

const ru: DeliveryTexts = {
  log: "Журнал отправок",
  logHelp:
    "Все события, отправленные этому вебхуку, сначала новые. Откройте строку, чтобы увидеть ответ получателя и каждую попытку.",
  none: "Пока ничего не отправлялось. Отправьте тестовое событие, чтобы проверить получателя.",
  refresh: "Обновить",
  more: "Показать более ранние",
  event: "Событие",
  state: "Состояние",
  attempts: "Попытки",
  statusCode: "Код ответа",
  duration: "Время ответа",
  time: "В очереди с",
  nextAttempt: "Следующая попытка",
  states: { queued: "В очереди", retrying: "Повтор", succeeded: "Доставлено", failed: "Не доставлено" },
  redelivery: "повторная отправка",
  ms: (n: number) => `${n.toLocaleString("ru")} мс`,
  details: "Подробности",
  showDetails: (event: string) => `Показать ответ и попытки: ${event}`,
  hideDetails: (event: string) => `Скрыть подробности: ${event}`,
  response: "Ответ получателя (первые 2 КБ)",
  noResponse: "Тело ответа пустое.",
  error: "Ошибка",
  attemptLog: "Попытки",
  attemptNumber: "№",
  at: "Время",
  messageId: "Сообщение (заголовок webhook-id, один и тот же при каждой попытке и повторной отправке)",
  redeliver: "Отправить снова",
  redelivered: "Отправлено снова как новая отправка",
  offCannotRedeliver: "Включите вебхук, чтобы отправить снова",
};

export function deliveryTexts(language = adminLanguage()): DeliveryTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}

/** Both languages' texts, for the browser test. */
export const deliveryStrings = { en, ru };
