// Documents for when no hosted page can say it: no '/404' page exists, or rendering failed twice.
import { DEFAULT_LANGUAGE, type Language } from "../../engine/schema/languages.js";

const TEXT = {
  en: {
    badRequest: "Bad request",
    badRequestBody: "This address cannot name a page.",
    notFound: "Page not found",
    notFoundBody: "There is no page at this address.",
    home: "Go to the home page",
    error: "Oh no! Something went wrong...",
    reload: "Reload",
    previewRefused: "Preview link not valid",
    previewExpired: "This preview link has expired (links last an hour). Open Preview again in the admin.",
    previewInvalid: "This preview link is not valid for this page. Open Preview again in the admin.",
  },
  ru: {
    badRequest: "Неверный запрос",
    badRequestBody: "Такой адрес не может указывать на страницу.",
    notFound: "Страница не найдена",
    notFoundBody: "По этому адресу страницы нет.",
    home: "На главную",
    error: "Ой! Что-то пошло не так...",
    reload: "Обновить",
    previewRefused: "Ссылка предпросмотра недействительна",
    previewExpired:
      "Срок этой ссылки предпросмотра истёк (ссылка действует час). Откройте предпросмотр в админке снова.",
    previewInvalid: "Эта ссылка предпросмотра не подходит для этой страницы. Откройте предпросмотр в админке снова.",
  },
} satisfies Record<"en" | "ru", Record<string, string>>;

type Texts = (typeof TEXT)["en"];
// A language without its own texts here shows the default language's, then English: never empty.
const textsIn = (language: Language): Texts =>
  (TEXT as Partial<Record<Language, Texts>>)[language] ??
  (TEXT as Partial<Record<Language, Texts>>)[DEFAULT_LANGUAGE] ??
  TEXT.en;
const homeOf = (language: Language) => (language === DEFAULT_LANGUAGE ? "/" : `/${language}`);

const page = (
  language: Language,
  title: string,
  body: string,
) => `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;margin:0;display:grid;place-items:center;min-height:100vh;text-align:center}
main{padding:2rem;max-width:32rem}h1{font-size:2rem;margin:.5rem 0}.code{font-size:4rem;font-weight:800;color:#4c6ef5;line-height:1}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:6px;background:#4c6ef5;color:#fff;text-decoration:none;border:0;font:inherit;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;

export function plainNotFound(language: Language): string {
  const t = textsIn(language);
  const home = homeOf(language);
  return page(
    language,
    t.notFound,
    `<div class="code">404</div><h1>${t.notFound}</h1><p>${t.notFoundBody}</p><a href="${home}">${t.home}</a>`,
  );
}

export function plainBadRequest(language: Language): string {
  const t = textsIn(language);
  const home = homeOf(language);
  return page(
    language,
    t.badRequest,
    `<div class="code">400</div><h1>${t.badRequest}</h1><p>${t.badRequestBody}</p><a href="${home}">${t.home}</a>`,
  );
}

export function plainError(language: Language): string {
  const t = textsIn(language);
  return page(language, t.error, `<div class="code">500</div><h1>${t.error}</h1><a href="">${t.reload}</a>`);
}

/** A preview link refused (server/site/preview): past its hour, or not this page's (tampered, another page's). */
export function plainPreviewRefused(language: Language, reason: "expired" | "invalid"): string {
  const t = textsIn(language);
  return page(
    language,
    t.previewRefused,
    `<div class="code">403</div><h1>${t.previewRefused}</h1><p>${reason === "expired" ? t.previewExpired : t.previewInvalid}</p>`,
  );
}
