import type { ComponentType } from "react";
import { CartButton } from "./modules/ecommerce/cart/cart-button.js";
import { UserMenu } from "./modules/rbac/user-menu.js";

export interface NavbarExtra {
  name: string;
  component: ComponentType;
  /**
   * "menu" (default): at the right end on large screens, inside the full-screen menu below the
   * breakpoint. "bar": always on the bar itself, beside the burger on phones (the cart icon).
   */
  placement?: "menu" | "bar";
}

/**
 * Components the navbar shows at its right end, in order (the cart icon, the user menu).
 * Modules add theirs here so the navbar need not know them.
 */
export const navbarExtras: NavbarExtra[] = [
  { name: "ecommerce-cart", component: CartButton, placement: "bar" },
  { name: "rbac-user-menu", component: UserMenu },
];
