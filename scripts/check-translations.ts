// npm run i18n:check: lists, per configured language (LANGUAGES), the UI and mail texts nobody has
// translated yet; exits 1 when there are any, so CI can insist on complete languages.
import { parseLanguages } from "../server/config.js";
import { missingTranslations } from "../app/missing-translations.js";

const { languages } = parseLanguages(process.env);
const missing = missingTranslations(languages);
for (const { language, table, keys } of missing)
  console.log(`${language} ${table}: ${keys.length} untranslated: ${keys.join(", ")}`);
if (!missing.length) console.log(`i18n:check: every text is translated into ${languages.join(", ")}`);
process.exitCode = missing.length ? 1 : 0;
