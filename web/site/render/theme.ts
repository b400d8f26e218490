import {
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type MantineThemeOverride,
} from "@mantine/core";
import type { Language } from "../../../common/site/page-data.js";
import { uiText } from "../i18n/ui-strings.js";

/** The public site's look: one accent colour, a system font stack, heavy display headings. */
export const siteTheme = createTheme({
  primaryColor: "indigo",
  // Shade 7: white on it, and it on white, reach 4.5:1 (shade 6 was 4.3:1, under WCAG AA).
  primaryShade: 7,
  defaultRadius: "md",
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
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
    theme = {
      ...siteTheme,
      components: {
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { "aria-label": uiText("togglePassword", language) } },
        },
      },
    };
    themes.set(language, theme);
  }
  return theme;
}

let variablesCss: string | undefined;

/**
 * The CSS variables of the site's theme, as MantineProvider's own <style> writes them (the
 * values that differ from Mantine's default theme's, which its CSS files set), computed once: the
 * theme never changes, and MantineProvider recomputed them on every page render. The languages'
 * themes differ only in component props, so one text serves all. tests/site-render/document.test.tsx
 * holds it to what MantineProvider writes.
 */
export function themeVariablesCss(): string {
  if (variablesCss === undefined) {
    const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
    const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, siteTheme));
    const changed: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
    for (const part of ["variables", "light", "dark"] as const) {
      for (const [name, value] of Object.entries(ours[part]))
        if (defaults[part][name as `--${string}`] !== value) changed[part][name as `--${string}`] = value;
    }
    variablesCss = convertCssVariables(changed);
  }
  return variablesCss;
}
