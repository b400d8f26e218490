import { createTheme } from "@mantine/core";

/** The public site's look: one accent colour, a system font stack, heavy display headings. */
export const siteTheme = createTheme({
  primaryColor: "indigo",
  primaryShade: 6,
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
