/** The form submissions screen's texts in the admin's two languages; the browser's language picks one (as the setup screen's). */
const texts = {
  en: {
    language: "en",
    submissions: "Submissions",
    forms: "Forms",
    submittedAt: "Submitted at",
    downloadCsv: "Download CSV",
    none: "No submissions yet.",
    count: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "submission" : "submissions"}`,
  },
  ru: {
    language: "ru",
    submissions: "Заявки",
    forms: "Формы",
    submittedAt: "Дата отправки",
    downloadCsv: "Скачать CSV",
    none: "Заявок пока нет.",
    count: (n: number) => `Заявок: ${n.toLocaleString("ru")}`,
  },
} as const;

export type SubmissionsTexts = (typeof texts)[keyof typeof texts];

/** `language`: the admin's (web/admin/admin-language.ts) or a request's (the CSV export). */
export function submissionsTexts(language: string): SubmissionsTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
