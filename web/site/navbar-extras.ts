import type { ComponentType } from "react";
import { UserMenu } from "./modules/rbac/user-menu.js";

/**
 * Components the navbar shows at its right end, in order (the user menu; later the cart icon).
 * Modules add theirs here so the navbar need not know them.
 */
export const navbarExtras: { name: string; component: ComponentType }[] = [
  { name: "rbac-user-menu", component: UserMenu },
];
