import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/** The texts of reusable blocks in the composer (badge, panel, palette group, save and publish dialogs), en and ru. */
const en = {
  onPages: (n: number) => `${n.toLocaleString("en")} ${plural("en", n, { one: "page", other: "pages" })}`,
  badge: (n: number) => `Reusable · used on ${en.onPages(n)}`,
  save: (name: string) => `Save "${name}" as a reusable block`,
  saveTitle: "Save as reusable block",
  saveHelp:
    "The block with its items becomes one record other pages can place: an edit on any page changes every page after publishing.",
  name: "Name in the block palette",
  nameRequired: "Give the block a name",
  saveAction: "Save as reusable",
  saved: (name: string) => `"${name}" is a reusable block`,
  panelNote: (n: number) =>
    `Reusable block, used on ${en.onPages(n)}: what you change here changes every page using it once published.`,
  detach: "Detach",
  detachHelp: "Makes this page's own copy: later edits here no longer change the other pages.",
  detached: (name: string) => `"${name}" is this page's own copy now`,
  group: "Reusable blocks",
  groupHelp: (n: number) => `Used on ${en.onPages(n)}`,
  placed: (name: string) => `"${name}" placed`,
  publishTitle: "Reusable blocks with unpublished changes",
  publishText: (name: string, n: number) =>
    `The reusable block "${name}" has unpublished changes. It is used on ${en.onPages(n)}.`,
  publishAll: "Publish them too (changes every page)",
  publishPage: "Publish this page without them",
  cancel: "Cancel",
};

export type ReusableTexts = typeof en;

const ru: ReusableTexts = {
  onPages: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "странице", few: "страницах", many: "страницах", other: "страницах" })}`,
  badge: (n: number) => `Общий блок · на ${ru.onPages(n)}`,
  save: (name: string) => `Сохранить «${name}» как общий блок`,
  saveTitle: "Сохранить как общий блок",
  saveHelp:
    "Блок с его элементами станет одной записью, которую можно поставить на другие страницы: правка на любой странице после публикации меняет все.",
  name: "Название в палитре блоков",
  nameRequired: "Дайте блоку название",
  saveAction: "Сохранить как общий",
  saved: (name: string) => `«${name}» теперь общий блок`,
  panelNote: (n: number) =>
    `Общий блок, используется на ${ru.onPages(n)}: изменения здесь после публикации меняют все страницы с ним.`,
  detach: "Отсоединить",
  detachHelp: "Делает собственную копию для этой страницы: дальнейшие правки здесь не меняют другие страницы.",
  detached: (name: string) => `«${name}» теперь собственная копия этой страницы`,
  group: "Общие блоки",
  groupHelp: (n: number) => `Используется на ${ru.onPages(n)}`,
  placed: (name: string) => `«${name}» добавлен`,
  publishTitle: "Общие блоки с неопубликованными изменениями",
  publishText: (name: string, n: number) =>
    `В общем блоке «${name}» есть неопубликованные изменения. Он используется на ${ru.onPages(n)}.`,
  publishAll: "Опубликовать и их (изменит все страницы)",
  publishPage: "Опубликовать страницу без них",
  cancel: "Отмена",
};

export function reusableTexts(language = adminLanguage()): ReusableTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
