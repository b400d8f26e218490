import { DEFAULT_TEMPLATES } from "../server/modules/notification/default-templates.js";
import { stringTables } from "../common/i18n/string-table.js";
// Imported for their string tables: each registers itself in `stringTables` when loaded.
import "../web/site/i18n/ui-strings.js";
import "../web/site/modules/billing/strings.js";
import "../web/site/modules/ecommerce/helpers/strings.js";
import "../web/site/modules/ecommerce/helpers/pricing-strings.js";
import "../common/shop/discount-reasons.js";
import "../web/site/modules/rbac/strings.js";
import "../web/site/modules/rbac/passkeys/passkey-strings.js";
import "../web/site/modules/rbac/api-keys/api-key-strings.js";
import "../web/ui/single-sign-on/texts.js";
import "../web/site/modules/rbac/two-factor/two-factor-strings.js";
import "../server/modules/file-storage/images/templates/image-strings.js";

/** One language's untranslated texts: which table, which keys (they show the default language's text). */
export interface MissingTranslations {
  language: string;
  table: string;
  keys: string[];
}

/**
 * In app/ because it reads both layers' texts: the site's string tables (web/) and the server's
 * mails and images (server/). The UI and mail texts each configured language lacks (English is the source every key is
 * written in, so it lacks none). A gap is no error at run time, the fallback fills it: this is
 * the list a translator works from (`npm run i18n:check`).
 */
export function missingTranslations(languages: readonly string[]): MissingTranslations[] {
  const missing: MissingTranslations[] = [];
  for (const language of languages) {
    if (language === "en") continue;
    for (const [table, strings] of [...stringTables].sort(([a], [b]) => a.localeCompare(b))) {
      const own = strings[language] ?? {};
      const keys = Object.keys(strings.en).filter((key) => !own[key]);
      if (keys.length) missing.push({ language, table, keys });
    }
    const mails = Object.keys(DEFAULT_TEMPLATES).filter((name) => !DEFAULT_TEMPLATES[name]![language]);
    if (mails.length) missing.push({ language, table: "mails", keys: mails });
  }
  return missing;
}
