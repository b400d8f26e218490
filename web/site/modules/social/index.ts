import { variant, type ModuleVariants } from "../../variant-types.js";

/** The social module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "social/widgets": {
    default: variant("site/render/text-widget.tsx", () => import("../../render/text-widget.js"), "TextWidgetDefault"),
    "profile-overview-default": variant(
      "site/modules/social/widget-profile-overview-default.tsx",
      () => import("./widget-profile-overview-default.js"),
      "ProfileOverviewDefault",
    ),
    "profile-list-default": variant(
      "site/modules/social/widget-profile-list-default.tsx",
      () => import("./widget-profile-list-default.js"),
      "ProfileListDefault",
    ),
  },
  "social/profiles": {
    default: variant("site/modules/social/profile-card.tsx", () => import("./profile-card.js"), "ProfileCard"),
  },
};
