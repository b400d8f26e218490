import { adminLanguage } from "../admin-language.js";
/** The texts of page copies and templates (Duplicate, Save as template, the New page dialog's templates), en and ru. */
const en = {
  actions: "Actions",
  duplicate: "Duplicate",
  duplicateLabel: (title: string) => `Duplicate "${title}"`,
  duplicated: (title: string) => `Copy made: "${title}"`,
  saveAsTemplate: "Save as template",
  templateSaved: (title: string) => `Template saved: "${title}". New pages can start from it.`,
  templates: "Templates",
  templatesHelp: "Starting points for new pages, offered by New page. Visitors never see them.",
  noTemplates: 'No templates yet: open a page and choose "Save as template".',
  templateBadge: "Template",
  choose: "Use",
  chooseLabel: (title: string) => `Use "${title}" for a new page`,
  startFrom: "Start from",
  blank: "Blank page",
  blankHelp: "No blocks yet: add them in the composer.",
  templateLayout: "The page takes the template's layout, blocks and texts.",
  urlTaken: "Another page has this address: choose another one.",
};

export type PageCopyTexts = typeof en;

const ru: PageCopyTexts = {
  actions: "Действия",
  duplicate: "Дублировать",
  duplicateLabel: (title: string) => `Дублировать «${title}»`,
  duplicated: (title: string) => `Копия создана: «${title}»`,
  saveAsTemplate: "Сохранить как шаблон",
  templateSaved: (title: string) => `Шаблон сохранён: «${title}». С него можно начинать новые страницы.`,
  templates: "Шаблоны",
  templatesHelp: "Заготовки для новых страниц, их предлагает «Новая страница». Посетители их не видят.",
  noTemplates: "Шаблонов пока нет: откройте страницу и выберите «Сохранить как шаблон».",
  templateBadge: "Шаблон",
  choose: "Использовать",
  chooseLabel: (title: string) => `Использовать «${title}» для новой страницы`,
  startFrom: "Начать с",
  blank: "Пустая страница",
  blankHelp: "Блоков пока нет: добавьте их в конструкторе.",
  templateLayout: "Страница получит макет, блоки и тексты шаблона.",
  urlTaken: "Этот адрес занят другой страницей: выберите другой.",
};

export function pageCopyTexts(language = adminLanguage()): PageCopyTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
