import { buttonVariant } from "./button-base.js";

/** Button variant 'default'. The standard filled button in the site's accent colour. */
export const ButtonDefault = buttonVariant({ variant: "filled" }, "default");
