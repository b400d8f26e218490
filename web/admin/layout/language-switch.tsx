import { NativeSelect } from "@mantine/core";
import { ADMIN_LANGUAGES, adminLanguageCode, chooseAdminLanguage } from "../admin-language.js";
import { shellTexts } from "./shell-texts.js";

/**
 * The header's language switch: every admin text follows the choice at once (a reload), and it
 * is kept for the next visit (web/admin/admin-language.ts). Each language is named in itself, so
 * a person who cannot read the current one still finds theirs.
 */
export function LanguageSwitch() {
  return (
    <NativeSelect
      size="xs"
      w={104}
      aria-label={shellTexts().language}
      data-testid="admin-language"
      value={adminLanguageCode()}
      onChange={(event) => chooseAdminLanguage(event.currentTarget.value)}
      data={ADMIN_LANGUAGES.map(({ code, name }) => ({ value: code, label: name }))}
    />
  );
}
