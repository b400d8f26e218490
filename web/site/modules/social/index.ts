import type { ModuleVariants } from "../../variant-types.js";
import { ProfileCard } from "./profile-card.js";
import { TextWidgetDefault } from "../../render/text-widget.js";
import { ProfileListDefault } from "./widget-profile-list-default.js";
import { ProfileOverviewDefault } from "./widget-profile-overview-default.js";

/** The social module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "social/widgets": {
    default: TextWidgetDefault,
    "profile-overview-default": ProfileOverviewDefault,
    "profile-list-default": ProfileListDefault,
  },
  "social/profiles": { default: ProfileCard },
};
