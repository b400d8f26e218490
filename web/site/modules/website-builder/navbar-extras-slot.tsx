import { navbarExtras } from "../../navbar-extras.js";

/** What other modules put on the navbar (the user menu, the cart), in their order, for one placement. */
export function NavbarExtrasSlot({ placement = "menu" }: { placement?: "menu" | "bar" }) {
  return (
    <>
      {navbarExtras
        .filter((extra) => (extra.placement ?? "menu") === placement)
        .map(({ name, component: Extra }) => (
          <Extra key={name} />
        ))}
    </>
  );
}
