import { adminLanguage } from "../admin-language.js";
/**
 * The words the Shipping, Taxes and Discounts screens share (buttons, yes/no, the field checks'
 * messages), in the admin's two languages; the browser's language picks one, as on the product
 * editor and the order desk. Each screen's own words are in its texts file beside this one.
 */
const en = {
  language: "en",
  save: "Save",
  delete: "Delete",
  saved: "Saved",
  deleted: "Deleted",
  unsaved: "Unsaved changes",
  fixErrors: "Some fields need a look",
  changedElsewhere:
    "Someone else saved this since you opened it, so your changes were not saved. Reload the page to see their version, then make your changes again.",
  yes: "Yes",
  no: "No",
  languages: { en: "English", ru: "Russian" } as Record<string, string>,
  titleIn: (language: string) =>
    `Title, ${({ en: "English", ru: "Russian" } as Record<string, string>)[language] ?? language}`,
  titleHelp: "As buyers read it at checkout",
  currency: "Currency",
  chooseCurrency: "Choose a currency",
  search: "Search",
  nothingFound: "Nothing found",
  gone: "(deleted)",
  // The checks made before a save, in the owner's words.
  needed: "Fill this in",
  titleNeeded: "Give it a title in at least one language",
  money: (decimals: number) =>
    decimals > 0 ? `An amount such as 12.${"5".padEnd(decimals, "0")}` : "A whole amount such as 12",
  moneyCurrencyFirst: "Choose the currency first",
  wholeNumber: "A whole number: 0, 1, 2…",
  countFromOne: "A whole number from 1, or empty",
  notBelow: (other: string) => `Must not be less than “${other}”`,
};

export type PricingTexts = typeof en;

const ru: PricingTexts = {
  language: "ru",
  save: "Сохранить",
  delete: "Удалить",
  saved: "Сохранено",
  deleted: "Удалено",
  unsaved: "Есть несохранённые изменения",
  fixErrors: "Проверьте отмеченные поля",
  changedElsewhere:
    "Кто-то сохранил эту запись после того, как вы её открыли, поэтому ваши изменения не сохранены. Обновите страницу, чтобы увидеть их версию, и внесите изменения снова.",
  yes: "Да",
  no: "Нет",
  languages: { en: "Английский", ru: "Русский" },
  titleIn: (language: string) =>
    `Название, ${({ en: "английский", ru: "русский" } as Record<string, string>)[language] ?? language}`,
  titleHelp: "Так его увидят покупатели при оформлении заказа",
  currency: "Валюта",
  chooseCurrency: "Выберите валюту",
  search: "Поиск",
  nothingFound: "Ничего не найдено",
  gone: "(удалено)",
  needed: "Заполните это поле",
  titleNeeded: "Укажите название хотя бы на одном языке",
  money: (decimals: number) =>
    decimals > 0 ? `Сумма, например 12,${"5".padEnd(decimals, "0")}` : "Целая сумма, например 12",
  moneyCurrencyFirst: "Сначала выберите валюту",
  wholeNumber: "Целое число: 0, 1, 2…",
  countFromOne: "Целое число от 1 или пусто",
  notBelow: (other: string) => `Не меньше, чем «${other}»`,
};

export function pricingTexts(language = adminLanguage()): PricingTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
