import { Button } from "@mantine/core";
import { Group } from "../render/primitives.js";
import { LANGUAGES } from "../../../common/site/page-data.js";
import { useSite, useUiText } from "../render/use-site.js";
import { withLanguage } from "../../../common/i18n/languages.js";
import { languageName } from "./ui-strings.js";

/**
 * Links to this same page in every language; plain links, so it works before hydration too. The
 * navbar's is the page's "Language" navigation landmark; a second one (the footer's) is a plain
 * labelled group, as landmarks of one kind must be told apart.
 */
export function LanguageSwitcher({ size = "xs", landmark = true }: { size?: "xs" | "sm" | "md"; landmark?: boolean }) {
  const site = useSite();
  const t = useUiText();
  return (
    <Group gap={4} role={landmark ? "navigation" : "group"} aria-label={t("language")} wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          component="a"
          href={withLanguage(site.data.path, language)}
          hrefLang={language}
          lang={language}
          title={languageName(language)}
          aria-current={language === site.language ? "true" : undefined}
          variant={language === site.language ? "light" : "subtle"}
          color="gray"
          size={size}
          px={8}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
