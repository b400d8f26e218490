import { adminLanguage } from "../admin-language.js";

/**
 * The side list's group headings: each module (a schemas/ folder) named for a person, in the
 * admin's language. A module not listed here (a plug-in's) is headed by its folder name. The admin
 * module is not "Administration": the side list already has a heading of that name (the Activity screen's).
 */
const names: Record<"en" | "ru", Record<string, string>> = {
  en: {
    admin: "Admin tools",
    agent: "Agent",
    analytic: "Analytics",
    billing: "Payments",
    blog: "Blog",
    broadcast: "Broadcasts",
    crm: "Forms and requests",
    ecommerce: "Shop",
    "file-storage": "Files",
    host: "Site",
    notification: "Notifications",
    rbac: "Accounts and access",
    social: "Social profiles",
    startup: "Own content",
    "website-builder": "Website builder",
  },
  ru: {
    admin: "Служебное",
    agent: "Агент",
    analytic: "Аналитика",
    billing: "Платежи",
    blog: "Блог",
    broadcast: "Трансляции",
    crm: "Формы и заявки",
    ecommerce: "Магазин",
    "file-storage": "Файлы",
    host: "Сайт",
    notification: "Уведомления",
    rbac: "Учётные записи и доступ",
    social: "Профили в соцсетях",
    startup: "Своё содержимое",
    "website-builder": "Конструктор сайта",
  },
};

/** The heading of `module`'s group in the side list, in `language` (Russian for `ru…`, else English). */
export function moduleName(module: string, language = adminLanguage()): string {
  const table = language.toLowerCase().startsWith("ru") ? names.ru : names.en;
  return table[module] ?? module;
}
