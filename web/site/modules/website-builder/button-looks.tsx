import { buttonVariant } from "./button-base.js";

// The button variants that differ only by their look, in one file (one small chunk for all):
// a page with buttons nearly always shows several of them.

/** Button variant 'default'. The standard filled button in the site's accent colour. */
export const ButtonDefault = buttonVariant({ variant: "filled" }, "default");

/** Button variant 'primary'. The page's main call to action: a gradient fill. */
export const ButtonPrimary = buttonVariant(
  { variant: "gradient", gradient: { from: "indigo", to: "cyan", deg: 90 } },
  "primary",
);

/** Button variant 'secondary'. Tinted background: the less important of two actions. */
export const ButtonSecondary = buttonVariant({ variant: "light" }, "secondary");

/** Button variant 'outline'. Bordered, transparent inside. */
export const ButtonOutline = buttonVariant({ variant: "outline" }, "outline");

/** Button variant 'ghost'. Quiet: text with a hover background, for secondary navigation. */
export const ButtonGhost = buttonVariant({ variant: "subtle" }, "ghost");

/** Button variant 'destructive'. Red: for actions that remove or cancel. */
export const ButtonDestructive = buttonVariant({ variant: "filled", color: "red" }, "destructive");
