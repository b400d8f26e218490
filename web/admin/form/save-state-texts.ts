import { adminLanguage } from "../admin-language.js";
/**
 * What a form that saves on a button says about its save (save-state.tsx), in the admin's two
 * languages: only the server's answer makes it "Saved"; a failure says why the edits are still
 * only on the screen.
 */
const texts = {
  en: {
    saving: "Saving…",
    saved: "Saved",
    unreachable: "Not saved — the server could not be reached",
    refused: (reason: string) => `Not saved: ${reason}`,
  },
  ru: {
    saving: "Сохранение…",
    saved: "Сохранено",
    unreachable: "Не сохранено — сервер недоступен",
    refused: (reason: string) => `Не сохранено: ${reason}`,
  },
};

export type SaveStateTexts = (typeof texts)["en"];

export function saveStateTexts(language = adminLanguage()): SaveStateTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
