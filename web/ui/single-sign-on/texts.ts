import { stringTable } from "../../../common/i18n/string-table.js";

/** The single sign-on texts of the site's and the admin's screens, in each language the screens speak. */
const en = {
  defaultName: "single sign-on",
  signInWith: "Sign in with {name}",
  link: "Link {name}",
  linkTitle: "Single sign-on",
  linkText: "Sign in to this account with {name} too. You will be sent there to sign in once.",
  linked: "Signs in with {name}",
  currentPassword: "Current password",
  currentPasswordHint: "Not needed if you signed in within the last ten minutes.",
  finishing: "Finishing the sign-in…",
};

const ru: typeof en = {
  defaultName: "единый вход",
  signInWith: "Войти через {name}",
  link: "Подключить {name}",
  linkTitle: "Единый вход",
  linkText: "Входите в эту учётную запись и через {name}. Для этого вы один раз войдёте там.",
  linked: "Вход через {name} подключён",
  currentPassword: "Текущий пароль",
  currentPasswordHint: "Не нужен, если вы вошли в последние десять минут.",
  finishing: "Завершаем вход…",
};

export type SsoTextKey = keyof typeof en;

const table = stringTable("single-sign-on", en, { ru });
/** Every language's table, for the browser tests to find the screens' words. */
export const ssoStrings = table.strings;

/**
 * The texts in `language` (a page's; the browser's for the admin, which may be one the site does
 * not have: the default language's texts then), `{name}` filled with the provider's name
 * (OIDC_NAME) or, when the server gives none, these texts' own words for it.
 */
export function ssoTexts(language: string, name: string | null | undefined) {
  const code = language.toLowerCase().split("-")[0] ?? "en";
  const say = (key: SsoTextKey) => table.text(key, code as never);
  return (key: SsoTextKey) => say(key).replace("{name}", name || say("defaultName"));
}
