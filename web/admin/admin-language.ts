/**
 * The admin's language: the one the person chose with the header's switch, else the browser's.
 * Every admin text table reads it (each `…Texts()` defaults to it); the choice is kept in this
 * browser (localStorage), so it holds across reloads and sign-ins, and the sign-in screen already
 * speaks it. Only this file reads the browser's language (tests/structure/admin-language.test.ts).
 */
const CHOSEN = "sps-admin-language";

/** The languages the admin's texts are written in, each named in itself. */
export const ADMIN_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "ru", name: "Русский" },
] as const;

function chosen(): string | null {
  try {
    return localStorage.getItem(CHOSEN);
  } catch {
    // Storage refused (a private window's policy): the browser's language then.
    return null;
  }
}

export function adminLanguage(): string {
  if (typeof navigator === "undefined") return "en";
  return chosen() ?? navigator.language;
}

/** The switch's value: the admin language the texts use now, as one of ADMIN_LANGUAGES' codes. */
export function adminLanguageCode(): (typeof ADMIN_LANGUAGES)[number]["code"] {
  return adminLanguage().toLowerCase().startsWith("ru") ? "ru" : "en";
}

/**
 * Switches the admin to `code` and draws it again: the texts are read as screens render, so a
 * reload is what makes every one of them (and open forms' labels) follow at once. Unsaved work is
 * guarded as for any leave (the form's leave guard asks first).
 */
export function chooseAdminLanguage(code: string) {
  try {
    localStorage.setItem(CHOSEN, code);
  } catch {
    return;
  }
  window.location.reload();
}
