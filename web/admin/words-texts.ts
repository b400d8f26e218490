/**
 * The generated admin's own words (issue 31: the delete dialog, pickers' "+ New", the variant
 * warning, the side list's headings, the tables', filters' and forms' buttons) in English and Russian, by the browser's language like the
 * other admin texts.
 */
/** The Russian noun form for a count: 1 запись, 2 записи, 5 записей (11–14 take the last). */
function russianPlural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  return units >= 2 && units <= 4 ? few : many;
}

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
    admin: "Admin",
    signOut: "Sign out",
    search: "Search",
    filter: "Filter",
    column: "Column",
    condition: "Condition",
    value: "Value",
    applyFilter: "Apply filter",
    removeFilter: "Remove filter",
    addNew: "Add new",
    edit: "Edit",
    moveUp: "Move up",
    moveDown: "Move down",
    noRecords: "No records.",
    rowsPerPage: "Rows per page",
    formTitle: (updating: boolean, model: string) => `${updating ? "Update" : "Create"} ${model}`,
    relations: "Relations",
    save: "Save",
    loading: "Loading...",
    saved: "Saved",
    notSaved: "Not saved",
    modules: "Modules",
    entities: "Entities",
    records: (count: number, estimated: boolean) => `${estimated ? "about " : ""}${count.toLocaleString("en")} ${count === 1 ? "record" : "records"}`,
    exportCsv: "Export CSV",
    exportJson: "Export JSON",
    importFile: "Import",
    recentActivity: "Recent activity",
    clear: "Clear",
    noActivity: "No changes in this session yet.",
    actions: { create: "create", update: "update", delete: "delete" },
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
    admin: "Администрирование",
    signOut: "Выйти",
    search: "Поиск",
    filter: "Фильтр",
    column: "Столбец",
    condition: "Условие",
    value: "Значение",
    applyFilter: "Применить фильтр",
    removeFilter: "Убрать фильтр",
    addNew: "Добавить",
    edit: "Изменить",
    moveUp: "Выше",
    moveDown: "Ниже",
    noRecords: "Записей нет.",
    rowsPerPage: "Строк на странице",
    formTitle: (updating: boolean, model: string) => `${updating ? "Изменить" : "Создать"}: ${model}`,
    relations: "Связи",
    save: "Сохранить",
    loading: "Загрузка...",
    saved: "Сохранено",
    notSaved: "Не сохранено",
    modules: "Модули",
    entities: "Сущности",
    records: (count: number, estimated: boolean) => `${estimated ? "около " : ""}${count.toLocaleString("ru")} ${russianPlural(count, "запись", "записи", "записей")}`,
    exportCsv: "Экспорт CSV",
    exportJson: "Экспорт JSON",
    importFile: "Импорт",
    recentActivity: "Последние действия",
    clear: "Очистить",
    noActivity: "В этом сеансе изменений ещё не было.",
    actions: { create: "создано", update: "изменено", delete: "удалено" },
  },
};

export type WordsTexts = (typeof texts)["en"];

export function wordsTexts(language = typeof navigator === "undefined" ? "en" : navigator.language): WordsTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
