import { buttonVariant } from "./button-base.js";

/** Button variant 'destructive'. Red: for actions that remove or cancel. */
export const ButtonDestructive = buttonVariant({ variant: "filled", color: "red" }, "destructive");
