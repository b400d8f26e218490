import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/** The admin's global search (Ctrl/Cmd+K) in the admin's two languages; the browser's language picks one, as the other admin texts. */
const texts = {
  en: {
    language: "en",
    open: "Search",
    title: "Find any record",
    input: "Title, order number or email",
    results: "Records found",
    hint: "Type a title, a page address, an order number or a customer's email.",
    searching: "Searching…",
    nothing: (text: string) => `Nothing found for “${text}”.`,
    found: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "record" : "records"} found`,
    failed: "The search did not answer. Try again.",
    keys: "↑ ↓ to choose, Enter to open, Esc to close",
    close: "Close",
  },
  ru: {
    language: "ru",
    open: "Поиск",
    title: "Найти любую запись",
    input: "Название, номер заказа или email",
    results: "Найденные записи",
    hint: "Введите название, адрес страницы, номер заказа или email покупателя.",
    searching: "Ищем…",
    nothing: (text: string) => `По запросу «${text}» ничего не найдено.`,
    found: (n: number) =>
      `${plural("ru", n, { one: "Найдена", few: "Найдены", many: "Найдено", other: "Найдены" })} ${n.toLocaleString("ru")} ${plural("ru", n, { one: "запись", few: "записи", many: "записей", other: "записи" })}`,
    failed: "Поиск не ответил. Попробуйте ещё раз.",
    keys: "↑ ↓ — выбрать, Enter — открыть, Esc — закрыть",
    close: "Закрыть",
  },
};

export type SearchTexts = (typeof texts)["en"];

export function searchTexts(language = adminLanguage()): SearchTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
