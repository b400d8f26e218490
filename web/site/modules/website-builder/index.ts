import { variant, type ModuleVariants } from "../../variant-types.js";

/** The website-builder module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "website-builder/widgets": {
    default: variant(
      "site/modules/website-builder/widget-default.tsx",
      () => import("./widget-default.js"),
      "WidgetDefault",
    ),
    "content-default": variant(
      "site/modules/website-builder/widget-content-default.tsx",
      () => import("./widget-content-default.js"),
      "WidgetContentDefault",
    ),
    "cta-default": variant(
      "site/modules/website-builder/widget-cta-default.tsx",
      () => import("./widget-cta-default.js"),
      "WidgetCtaDefault",
    ),
    // The palette's one Text block (the other modules' text-only `default` widgets render the same).
    "text-default": variant(
      "site/render/text-widget.tsx",
      () => import("../../render/text-widget.js"),
      "TextWidgetDefault",
    ),
    "footer-default": variant(
      "site/modules/website-builder/widget-footer-default.tsx",
      () => import("./widget-footer-default.js"),
      "WidgetFooterDefault",
    ),
    "navbar-default": variant(
      "site/modules/website-builder/widget-navbar-default.tsx",
      () => import("./widget-navbar-default.js"),
      "WidgetNavbarDefault",
    ),
    "navbar-search-default": variant(
      "site/modules/website-builder/widget-navbar-search-default.tsx",
      () => import("./widget-navbar-search-default.js"),
      "WidgetNavbarSearchDefault",
    ),
    "search-results-default": variant(
      "site/modules/website-builder/widget-search-results-default.tsx",
      () => import("./widget-search-results-default.js"),
      "WidgetSearchResultsDefault",
    ),
  },
  "website-builder/buttons": {
    default: variant(
      "site/modules/website-builder/button-looks.tsx",
      () => import("./button-looks.js"),
      "ButtonDefault",
    ),
    primary: variant(
      "site/modules/website-builder/button-looks.tsx",
      () => import("./button-looks.js"),
      "ButtonPrimary",
    ),
    secondary: variant(
      "site/modules/website-builder/button-looks.tsx",
      () => import("./button-looks.js"),
      "ButtonSecondary",
    ),
    outline: variant(
      "site/modules/website-builder/button-looks.tsx",
      () => import("./button-looks.js"),
      "ButtonOutline",
    ),
    ghost: variant("site/modules/website-builder/button-looks.tsx", () => import("./button-looks.js"), "ButtonGhost"),
    destructive: variant(
      "site/modules/website-builder/button-looks.tsx",
      () => import("./button-looks.js"),
      "ButtonDestructive",
    ),
    link: variant("site/modules/website-builder/button-link.tsx", () => import("./button-link.js"), "ButtonLink"),
    children: variant(
      "site/modules/website-builder/button-children.tsx",
      () => import("./button-children.js"),
      "ButtonChildren",
    ),
  },
  "website-builder/buttons-arrays": {
    default: variant(
      "site/modules/website-builder/buttons-array-default.tsx",
      () => import("./buttons-array-default.js"),
      "ButtonsArrayDefault",
    ),
  },
  "website-builder/features": {
    default: variant(
      "site/modules/website-builder/feature-default.tsx",
      () => import("./feature-default.js"),
      "FeatureDefault",
    ),
  },
  "website-builder/logotypes": {
    default: variant(
      "site/modules/website-builder/logotype-default.tsx",
      () => import("./logotype-default.js"),
      "LogotypeDefault",
    ),
  },
  "website-builder/sliders": {
    default: variant(
      "site/modules/website-builder/slider-default.tsx",
      () => import("./slider-default.js"),
      "SliderDefault",
    ),
  },
  "website-builder/slides": {
    default: variant(
      "site/modules/website-builder/slide-default.tsx",
      () => import("./slide-default.js"),
      "SlideDefault",
    ),
  },
};
