import { buttonVariant } from "./button-base.js";

/** Button variant 'primary'. The page's main call to action: a gradient fill. */
export const ButtonPrimary = buttonVariant({ variant: "gradient", gradient: { from: "indigo", to: "cyan", deg: 90 } }, "primary");
