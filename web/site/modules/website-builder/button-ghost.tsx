import { buttonVariant } from "./button-base.js";

/** Button variant 'ghost'. Quiet: text with a hover background, for secondary navigation. */
export const ButtonGhost = buttonVariant({ variant: "subtle" }, "ghost");
