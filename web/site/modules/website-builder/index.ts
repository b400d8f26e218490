import type { ModuleVariants } from "../../variant-types.js";
import { ButtonChildren } from "./button-children.js";
import { ButtonDefault } from "./button-default.js";
import { ButtonDestructive } from "./button-destructive.js";
import { ButtonGhost } from "./button-ghost.js";
import { ButtonLink } from "./button-link.js";
import { ButtonOutline } from "./button-outline.js";
import { ButtonPrimary } from "./button-primary.js";
import { ButtonSecondary } from "./button-secondary.js";
import { ButtonsArrayDefault } from "./buttons-array-default.js";
import { FeatureDefault } from "./feature-default.js";
import { LogotypeDefault } from "./logotype-default.js";
import { SlideDefault } from "./slide-default.js";
import { SliderDefault } from "./slider-default.js";
import { WidgetContentDefault } from "./widget-content-default.js";
import { WidgetDefault } from "./widget-default.js";
import { WidgetFooterDefault } from "./widget-footer-default.js";
import { WidgetNavbarDefault } from "./widget-navbar-default.js";

/** The website-builder module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "website-builder/widgets": {
    default: WidgetDefault,
    "content-default": WidgetContentDefault,
    "footer-default": WidgetFooterDefault,
    "navbar-default": WidgetNavbarDefault,
  },
  "website-builder/buttons": {
    default: ButtonDefault,
    primary: ButtonPrimary,
    secondary: ButtonSecondary,
    outline: ButtonOutline,
    ghost: ButtonGhost,
    destructive: ButtonDestructive,
    link: ButtonLink,
    children: ButtonChildren,
  },
  "website-builder/buttons-arrays": { default: ButtonsArrayDefault },
  "website-builder/features": { default: FeatureDefault },
  "website-builder/logotypes": { default: LogotypeDefault },
  "website-builder/sliders": { default: SliderDefault },
  "website-builder/slides": { default: SlideDefault },
};
