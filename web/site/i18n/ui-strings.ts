import { stringTable } from "./string-table.js";
import type { Language } from "../data/page-data.js";

/** Every text the renderer itself shows (not content), in each language. */
const en = {
  readMore: "Read more",
  more: "More",
  notAuthorized: "Not authorized",
  submit: "Submit",
  submitting: "Sending...",
  formSubmitted: "Form submitted successfully",
  somethingWrong: "Oh no! Something went wrong...",
  reload: "Reload",
  goHome: "Go to the home page",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  language: "Language",
  previousSlide: "Previous slide",
  nextSlide: "Next slide",
  goToSlide: "Go to slide",
  slides: "Slides",
  togglePassword: "Show or hide the password",
  textCopied: "Text copied to clipboard",
  copyFailed: "Failed to copy text to clipboard",
  copy: "Copy",
  price: "Price",
  categories: "Categories",
  articles: "Articles",
  products: "Products",
  stores: "Stores",
  nothingHere: "Nothing here yet.",
  notFound: "Not found",
  error: "Error",
  allRightsReserved: "All rights reserved.",
} as const;

export type UiStringKey = keyof typeof en;

const ru: Record<UiStringKey, string> = {
  readMore: "Читать далее",
  more: "Подробнее",
  notAuthorized: "Нет доступа",
  submit: "Отправить",
  submitting: "Отправка...",
  formSubmitted: "Форма успешно отправлена",
  somethingWrong: "Ой! Что-то пошло не так...",
  reload: "Перезагрузить",
  goHome: "На главную",
  openMenu: "Открыть меню",
  closeMenu: "Закрыть меню",
  language: "Язык",
  previousSlide: "Предыдущий слайд",
  nextSlide: "Следующий слайд",
  goToSlide: "Перейти к слайду",
  slides: "Слайды",
  togglePassword: "Показать или скрыть пароль",
  textCopied: "Текст скопирован в буфер обмена",
  copyFailed: "Не удалось скопировать текст в буфер обмена",
  copy: "Копировать",
  price: "Цена",
  categories: "Категории",
  articles: "Статьи",
  products: "Товары",
  stores: "Магазины",
  nothingHere: "Здесь пока ничего нет.",
  notFound: "Не найдено",
  error: "Ошибка",
  allRightsReserved: "Все права защищены.",
};

/** The texts by language, and the text for a key in a language (English when a language lacks it). */
export const { strings: uiStrings, text: uiText } = stringTable(en, ru);

/** Language names as their speakers write them, for the switcher. */
export const languageNames: Record<Language, string> = { en: "English", ru: "Русский" };
