import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/**
 * The words for webhook events (the picker, the list's Events column, the delivery log's Event),
 * in the admin's two languages. The events modules queue by name (docs/webhooks.md "Events") have
 * words of their own; a record's change is named by the record's kind and the change.
 */
const en = {
  named: {
    "ecommerce.order.paid": "Order paid",
    "ecommerce.order.refunded": "Order refunded",
    "ecommerce.order.canceled": "Order canceled",
    "crm.request.created": "Form sent",
    "rbac.subject.created": "Someone signed up",
    "webhook.test": "Test event",
  } as Record<string, string>,
  actions: {
    "*": "any change",
    created: "created",
    updated: "changed",
    deleted: "deleted",
    published: "published",
    unpublished: "unpublished",
  } as Record<string, string>,
  everyEvent: "Every event",
  anyRecord: "Any record",
  anyChange: "Any change",
  recordChange: (kind: string, action: string) => `${kind}: ${action}`,
  matching: (n: number) => (n === 0 ? "matches no event" : `${n} ${n === 1 ? "event" : "events"}`),
  // The picker.
  eventsHelp: "What this webhook is sent. The receiver reads each event's type, shown in code beside its name.",
  chosen: "Chosen",
  noneChosen: "No events chosen yet.",
  remove: (name: string) => `Remove ${name}`,
  namedEvents: "Shop and accounts",
  recordChanges: "Changes to records",
  recordChangesHelp: "Records of one kind, or of any kind, as they are created, changed, deleted or published.",
  records: "Records",
  change: "Change",
  add: "Add",
  pattern: "Or type a pattern",
  patternHelp: "module.entity.action, where * stands for any one part: ecommerce.*.created, blog.articles.*",
  patternInvalid: "Write three parts joined by dots: lower-case words, or * for any",
  patternUnknown: "This matches no event",
  patternMatches: (n: number) => `Matches ${n} ${n === 1 ? "event" : "events"}`,
  alreadyChosen: "Already chosen",
};

export type EventTexts = typeof en;

const ru: EventTexts = {
  named: {
    "ecommerce.order.paid": "Заказ оплачен",
    "ecommerce.order.refunded": "Деньги за заказ возвращены",
    "ecommerce.order.canceled": "Заказ отменён",
    "crm.request.created": "Отправлена форма",
    "rbac.subject.created": "Новая регистрация",
    "webhook.test": "Тестовое событие",
  },
  actions: {
    "*": "любое изменение",
    created: "создание",
    updated: "изменение",
    deleted: "удаление",
    published: "публикация",
    unpublished: "снятие с публикации",
  },
  everyEvent: "Все события",
  anyRecord: "Любые записи",
  anyChange: "Любое изменение",
  recordChange: (kind: string, action: string) => `${kind}: ${action}`,
  matching: (n: number) =>
    n === 0
      ? "ни одного события"
      : `${n} ${plural("ru", n, { one: "событие", few: "события", many: "событий", other: "события" })}`,
  eventsHelp:
    "Что будет отправляться этому вебхуку. Получатель читает тип события — он показан кодом рядом с названием.",
  chosen: "Выбрано",
  noneChosen: "Пока ничего не выбрано.",
  remove: (name: string) => `Убрать: ${name}`,
  namedEvents: "Магазин и учётные записи",
  recordChanges: "Изменения записей",
  recordChangesHelp: "Записи одного вида или любые — когда их создают, изменяют, удаляют или публикуют.",
  records: "Записи",
  change: "Изменение",
  add: "Добавить",
  pattern: "Или введите шаблон",
  patternHelp: "модуль.сущность.действие, где * — любая одна часть: ecommerce.*.created, blog.articles.*",
  patternInvalid: "Три части через точку: слова строчными латинскими буквами или * для любой",
  patternUnknown: "Этому шаблону не соответствует ни одно событие",
  patternMatches: (n: number) =>
    `Соответствует ${n} ${plural("ru", n, { one: "событие", few: "события", many: "событий", other: "события" })}`,
  alreadyChosen: "Уже выбрано",
};

export function eventTexts(language = adminLanguage()): EventTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}

/** Both languages' texts, for the browser test. */
export const eventStrings = { en, ru };
