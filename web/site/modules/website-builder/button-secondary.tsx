import { buttonVariant } from "./button-base.js";

/** Button variant 'secondary'. Tinted background: the less important of two actions. */
export const ButtonSecondary = buttonVariant({ variant: "light" }, "secondary");
