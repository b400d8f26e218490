import { adminLanguage } from "../admin-language.js";
/** The live presence's and the conflict dialog's texts in the admin's two languages; the browser's language picks one. */
const en = {
  alsoHere: "Also open by",
  you: "you, in another tab",
  someone: "another admin",
  changedTitle: "Saved by someone else just now",
  changedText: "What you see may be out of date. If you edit it, you will be asked which version to keep.",
  changedReload: "Show their version",
  conflictTitle: "This record was changed by someone else",
  conflictText:
    "Someone saved this record after you opened it. Compare their version with yours, then keep one of them.",
  field: "Field",
  theirs: "Their version",
  mine: "Your version",
  empty: "(empty)",
  sameValues: "Your version and theirs are the same; they changed other fields.",
  reload: "Reload",
  reloadHint: "Take their version: your unsaved changes here are dropped.",
  keepMine: "Keep mine",
  keepMineHint: "Save your version over theirs.",
  close: "Close",
  languages: { en: "English", ru: "Russian" } as Record<string, string>,
};

export type LiveTexts = typeof en;

const ru: LiveTexts = {
  alsoHere: "Сейчас открыто также у",
  you: "вас, в другой вкладке",
  someone: "другого администратора",
  changedTitle: "Только что сохранено кем-то другим",
  changedText: "То, что вы видите, могло устареть. Если вы это измените, вас спросят, какую версию оставить.",
  changedReload: "Показать их версию",
  conflictTitle: "Эту запись изменил кто-то другой",
  conflictText:
    "Кто-то сохранил эту запись после того, как вы её открыли. Сравните их версию со своей и оставьте одну из них.",
  field: "Поле",
  theirs: "Их версия",
  mine: "Ваша версия",
  empty: "(пусто)",
  sameValues: "Ваша и их версии совпадают; они изменили другие поля.",
  reload: "Загрузить заново",
  reloadHint: "Взять их версию: ваши несохранённые изменения здесь пропадут.",
  keepMine: "Оставить мою",
  keepMineHint: "Сохранить вашу версию поверх их.",
  close: "Закрыть",
  languages: { en: "английский", ru: "русский" },
};

export function liveTexts(language = adminLanguage()): LiveTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
