import { adminLanguage } from "../admin-language.js";
/**
 * The names of the admin's landmarks (header, side list, screen), in the admin's language: a
 * screen that frames a site page (the composer's preview) has two of each kind, and assistive
 * technology tells them apart by these names.
 */
export function shellTexts(language = adminLanguage()) {
  return language.toLowerCase().startsWith("ru")
    ? {
        header: "Панель администратора",
        navigation: "Разделы администрирования",
        main: "Администрирование",
        loading: "Экран загружается",
        language: "Язык администрирования",
      }
    : {
        header: "Admin bar",
        navigation: "Admin sections",
        main: "Administration",
        loading: "Loading the screen",
        language: "Admin language",
      };
}
