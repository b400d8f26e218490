/**
 * The generated admin's own words (issue 31: the delete dialog, pickers' "+ New", the variant
 * warning, the side list's headings) in English and Russian, by the browser's language like the
 * other admin texts.
 */
const texts = {
  en: {
    language: "en",
    deleteTitle: (label: string) => `Delete '${label}'?`,
    deleteBody: "It will be deleted for good.",
    cancel: "Cancel",
    delete: "Delete",
    newRecord: (model: string) => `+ New ${model.toLowerCase()}`,
    createTitle: (model: string) => `New ${model.toLowerCase()}`,
    choose: (model: string) => `Choose ${model.toLowerCase()}`,
    nothingFound: "No found items.",
    customVariant: (name: string) => `'${name}' is not a variant the site knows for this model: the site shows nothing for it until a developer adds it.`,
    customVariantOption: (name: string) => `Use '${name}' (custom)`,
    editorScreens: "Editing",
    models: "Models",
    findModel: "Find a model",
    pages: "Pages",
    forms: "Forms",
    hide: "Hide",
    show: "Show",
  },
  ru: {
    language: "ru",
    deleteTitle: (label: string) => `Удалить «${label}»?`,
    deleteBody: "Запись будет удалена безвозвратно.",
    cancel: "Отмена",
    delete: "Удалить",
    newRecord: (model: string) => `+ Создать: ${model.toLowerCase()}`,
    createTitle: (model: string) => `Создать: ${model.toLowerCase()}`,
    choose: (model: string) => `Выберите: ${model.toLowerCase()}`,
    nothingFound: "Ничего не найдено.",
    customVariant: (name: string) => `«${name}» — вариант, которого сайт не знает для этой модели: сайт ничего не покажет, пока разработчик его не добавит.`,
    customVariantOption: (name: string) => `Использовать «${name}» (свой)`,
    editorScreens: "Редактирование",
    models: "Модели",
    findModel: "Найти модель",
    pages: "Страницы",
    forms: "Формы",
    hide: "Скрыть",
    show: "Показать",
  },
};

export type WordsTexts = (typeof texts)["en"];

export function wordsTexts(language = typeof navigator === "undefined" ? "en" : navigator.language): WordsTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
