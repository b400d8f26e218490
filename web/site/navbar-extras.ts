import type { ComponentType } from "react";

/**
 * Components the navbar shows at its right end, in order (the user menu; later the cart icon).
 * Modules add theirs here so the navbar need not know them.
 */
export const navbarExtras: { name: string; component: ComponentType }[] = [];
