import { navbarExtras } from "../../navbar-extras.js";

/** What other modules put at the navbar's right end (the user menu, the cart), in their order. */
export function NavbarExtrasSlot() {
  return (
    <>
      {navbarExtras.map(({ name, component: Extra }) => (
        <Extra key={name} />
      ))}
    </>
  );
}
