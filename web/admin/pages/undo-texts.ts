import { adminLanguage } from "../admin-language.js";
/** The composer's undo and redo buttons in the admin's two languages; the browser's language picks one (as pages-texts.ts). */
const en = {
  group: "History",
  undo: "Undo",
  redo: "Redo",
  undoTitle: (keys: string) => `Undo the last change (${keys})`,
  redoTitle: (keys: string) => `Redo what was undone (${keys})`,
};
const ru: typeof en = {
  group: "История",
  undo: "Отменить",
  redo: "Повторить",
  undoTitle: (keys: string) => `Отменить последнее изменение (${keys})`,
  redoTitle: (keys: string) => `Повторить отменённое (${keys})`,
};

export const undoTexts = (language = adminLanguage()) => (language.toLowerCase().startsWith("ru") ? ru : en);
