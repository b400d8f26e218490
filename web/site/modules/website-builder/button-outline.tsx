import { buttonVariant } from "./button-base.js";

/** Button variant 'outline'. Bordered, transparent inside. */
export const ButtonOutline = buttonVariant({ variant: "outline" }, "outline");
