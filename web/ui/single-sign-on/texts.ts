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
  refusedTitle: "Not signed in with {name}",
  refusedFailed: "The sign-in did not complete (it took too long or began in another browser). Please try again.",
  refusedTaken:
    "This {name} account, or its email, belongs to another account here. Sign in to that account another way, then link {name} from its sign-in methods.",
  refusedUnverified:
    "{name} has not verified your email, and an account here already uses it. Sign in to that account another way, then link {name} from its sign-in methods.",
  refusedUnavailable: "{name} cannot be reached right now. Please try again in a moment.",
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
  refusedTitle: "Вход через {name} не выполнен",
  refusedFailed:
    "Вход не завершился (прошло слишком много времени или он начат в другом браузере). Попробуйте ещё раз.",
  refusedTaken:
    "Эта учётная запись {name} или её email уже принадлежат другой учётной записи здесь. Войдите в неё другим способом и подключите {name} в её способах входа.",
  refusedUnverified:
    "{name} не подтвердил ваш email, а здесь он уже используется другой учётной записью. Войдите в неё другим способом и подключите {name} в её способах входа.",
  refusedUnavailable: "{name} сейчас недоступен. Попробуйте ещё раз чуть позже.",
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
  return (key: SsoTextKey) => say(key).replaceAll("{name}", name || say("defaultName"));
}
