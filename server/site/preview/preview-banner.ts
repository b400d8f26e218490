import type { Publication } from "../../../common/admin/publication.js";
import type { Language } from "../../../common/site/page-data.js";
import { escapeHtml } from "../../../common/site/html.js";

type Moment = Date | string;

interface BannerTexts {
  title: string;
  states: Record<Publication["state"], string>;
  publishes: (when: string) => string;
  unpublishes: (when: string) => string;
  back: string;
  label: string;
}

const TEXTS: Record<"en" | "ru", BannerTexts> = {
  en: {
    title: "Preview — not published",
    states: {
      draft: "This page was never published: visitors do not see it.",
      changed: "Visitors see the published page, without these changes.",
      published: "Nothing here waits: visitors see this page as it is.",
    },
    publishes: (when) => `Publishes on ${when}.`,
    unpublishes: (when) => `Leaves the site on ${when}.`,
    back: "Back to the composer",
    label: "Preview",
  },
  ru: {
    title: "Предпросмотр — не опубликовано",
    states: {
      draft: "Страница ещё не опубликована: посетители её не видят.",
      changed: "Посетители видят опубликованную страницу, без этих изменений.",
      published: "Неопубликованных изменений нет: посетители видят страницу такой.",
    },
    publishes: (when) => `Опубликуется ${when}.`,
    unpublishes: (when) => `Снимется с сайта ${when}.`,
    back: "Вернуться в редактор",
    label: "Предпросмотр",
  },
};

/** A moment as the language writes it, in UTC (the server does not know the reader's zone), marked so. */
function written(moment: Moment, language: Language): string {
  const date = new Date(moment);
  const format = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return `${format.format(date)} UTC`;
}

/**
 * The bar a preview shows above the page (docs/drafts.md, "Preview"): that this is not the
 * published page, the page's publication state and its schedule, and a link to the page in the
 * composer. Drawn by the server outside the site's React root (hydration never sees it), styled
 * inline so no site sheet changes it; the link leaves a composer's frame for the whole tab.
 */
export function previewBanner(
  language: Language,
  publication: Publication<Moment> | undefined,
  composerUrl: string,
): string {
  const t = TEXTS[language as "en" | "ru"] ?? TEXTS.en;
  const lines = publication ? [t.states[publication.state]] : [];
  if (publication?.publishAt) lines.push(t.publishes(written(publication.publishAt, language)));
  if (publication?.unpublishAt) lines.push(t.unpublishes(written(publication.unpublishAt, language)));
  return (
    `<div role="status" aria-label="${escapeHtml(t.label)}" data-preview-banner="${publication?.state ?? ""}" ` +
    `style="position:sticky;top:0;z-index:10000;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;` +
    `justify-content:space-between;padding:8px 16px;background:#fff3bf;color:#1a1b1e;border-bottom:1px solid #fab005;` +
    `font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    `<span><strong>${escapeHtml(t.title)}</strong> ${escapeHtml(lines.join(" "))}</span>` +
    `<a href="${escapeHtml(composerUrl)}" target="_top" style="color:#1c4f9c;font-weight:600">${escapeHtml(t.back)}</a>` +
    `</div>`
  );
}

/** The page's document with the banner first in its body. */
export function withPreviewBanner(html: string, banner: string): string {
  const at = html.indexOf("<body>");
  return at < 0 ? html : `${html.slice(0, at + 6)}${banner}${html.slice(at + 6)}`;
}
