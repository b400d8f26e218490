import { createTheme, type MantineThemeOverride } from "@mantine/core";
import type { Language } from "../data/page-data.js";
import { uiText } from "../i18n/ui-strings.js";

/** The public site's look: one accent colour, a system font stack, heavy display headings. */
export const siteTheme = createTheme({
  primaryColor: "indigo",
  // Shade 7: white on it, and it on white, reach 4.5:1 (shade 6 was 4.3:1, under WCAG AA).
  primaryShade: 7,
  defaultRadius: "md",
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: "800",
  },
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
});

/** Width of page sections; widgets share it so their edges line up. */
export const CONTAINER_SIZE = "lg";

const themes = new Map<Language, MantineThemeOverride>();

/**
 * The site's theme in a language: texts Mantine's components carry themselves (the password
 * field's show/hide toggle) in that language. By component name, so no component is imported.
 */
export function siteThemeFor(language: Language): MantineThemeOverride {
  let theme = themes.get(language);
  if (!theme) {
    theme = { ...siteTheme, components: { PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": uiText("togglePassword", language) } } } } };
    themes.set(language, theme);
  }
  return theme;
}
