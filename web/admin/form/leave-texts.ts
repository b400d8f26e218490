import { adminLanguage } from "../admin-language.js";
/**
 * The leave prompt's words (use-leave-guard.ts, leave-prompt.tsx) in the admin's two languages;
 * the browser's language picks one, as in the other admin texts.
 */
const texts = {
  en: {
    title: "Unsaved changes",
    question: "You have unsaved changes. Leave without saving?",
    stay: "Stay",
    leave: "Leave",
  },
  ru: {
    title: "Несохранённые изменения",
    question: "Есть несохранённые изменения. Уйти без сохранения?",
    stay: "Остаться",
    leave: "Уйти",
  },
};

export type LeaveTexts = (typeof texts)["en"];

export function leaveTexts(language = adminLanguage()): LeaveTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
