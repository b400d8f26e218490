import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/**
 * The dashboard's words (the admin's first screen, web/admin/dashboard/) in the admin's two
 * languages; the browser's language picks one. Counts take the language's noun forms (plural.ts).
 */
const en = {
  language: "en",
  dashboard: "Dashboard",
  intro: "What is waiting on the site: drafts, scheduled publishing, recent changes, orders and form submissions.",
  allModels: "All models",
  open: (screen: string) => `Open ${screen}`,
  loading: "Loading...",
  failed: "This could not be loaded.",
  retry: "Try again",
  untitled: "Untitled",

  drafts: "Drafts waiting",
  draftsCount: (n: number) => `${n.toLocaleString("en")} ${plural("en", n, { one: "draft", other: "drafts" })} waiting`,
  draftsNone: "No drafts waiting.",
  states: { draft: "Never published", changed: "Unpublished changes" },

  scheduled: "Scheduled publishing",
  scheduledCount: (n: number) =>
    `${n.toLocaleString("en")} ${plural("en", n, { one: "record", other: "records" })} scheduled`,
  scheduledNone: "No publishing scheduled.",
  publishes: (when: string) => `Publishes on ${when}`,
  unpublishes: (when: string) => `Leaves the site on ${when}`,

  changes: "Recent changes",
  changesCount: (n: number, more: boolean) =>
    `${n.toLocaleString("en")}${more ? "+" : ""} ${plural("en", n, { one: "change", other: "changes" })} in the last 24 hours`,
  changesNone: "No changes recorded yet.",

  orders: "Orders to ship",
  ordersCount: (n: number) =>
    `${n.toLocaleString("en")} paid ${plural("en", n, { one: "order", other: "orders" })} to ship`,
  ordersNone: "No orders to ship.",

  submissions: "New form submissions",
  submissionsCount: (n: number) =>
    `${n.toLocaleString("en")} ${plural("en", n, { one: "submission", other: "submissions" })} in the last 7 days`,
  submissionsNone: "No new form submissions.",
  unnamedForm: "A form",
};

export type DashboardTexts = typeof en;

const ru: DashboardTexts = {
  language: "ru",
  dashboard: "Сводка",
  intro: "Что ждёт на сайте: черновики, публикации по расписанию, последние изменения, заказы и заявки из форм.",
  allModels: "Все модели",
  open: (screen: string) => `Открыть: ${screen}`,
  loading: "Загрузка...",
  failed: "Не удалось загрузить.",
  retry: "Повторить",
  untitled: "Без названия",

  drafts: "Ждут публикации",
  draftsCount: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, {
      one: "черновик ждёт",
      few: "черновика ждут",
      many: "черновиков ждут",
      other: "черновика ждут",
    })} публикации`,
  draftsNone: "Нет черновиков, ожидающих публикации.",
  states: { draft: "Ещё не опубликовано", changed: "Есть неопубликованные изменения" },

  scheduled: "Публикации по расписанию",
  scheduledCount: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "запись", few: "записи", many: "записей", other: "записи" })} по расписанию`,
  scheduledNone: "Публикаций по расписанию нет.",
  publishes: (when: string) => `Публикация: ${when}`,
  unpublishes: (when: string) => `Снятие с сайта: ${when}`,

  changes: "Последние изменения",
  changesCount: (n: number, more: boolean) =>
    `${n.toLocaleString("ru")}${more ? "+" : ""} ${plural("ru", n, {
      one: "изменение",
      few: "изменения",
      many: "изменений",
      other: "изменения",
    })} за последние 24 часа`,
  changesNone: "Изменений пока не записано.",

  orders: "Заказы к отправке",
  ordersCount: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, {
      one: "оплаченный заказ ждёт",
      few: "оплаченных заказа ждут",
      many: "оплаченных заказов ждут",
      other: "оплаченных заказа ждут",
    })} отправки`,
  ordersNone: "Нет заказов к отправке.",

  submissions: "Новые заявки из форм",
  submissionsCount: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "заявка", few: "заявки", many: "заявок", other: "заявки" })} за последние 7 дней`,
  submissionsNone: "Новых заявок из форм нет.",
  unnamedForm: "Форма",
};

export function dashboardTexts(language = adminLanguage()): DashboardTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}

/** Both languages' texts, for the tests. */
export const dashboardStrings = { en, ru };
