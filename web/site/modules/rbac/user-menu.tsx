import { Skeleton } from "@mantine/core";
import { LinkButton } from "../../render/link-button.js";
import { Suspense } from "react";
import { lazyComponent } from "../../render/lazy-component.js";
import { useSession } from "../../session/use-session.js";
import { SELECT_METHOD } from "./routes.js";
import { useRbac } from "./use-rbac.js";

/** The menu (Mantine Menu, Popover, floating-ui) comes with a signed-in subject, never on a first paint. */
export const accountMenu = lazyComponent(() => import("./account-menu.js").then((m) => m.AccountMenu));

/**
 * The navbar's account corner: a skeleton until the browser knows who is signed in (pages are
 * cached, so the server never renders a user), then a 'Sign in' link (also for a guest) or the account menu.
 */
export function UserMenu() {
  const { t, href } = useRbac();
  const { state } = useSession();
  const loading = <Skeleton height={30} width={96} radius="sm" aria-label={t("userMenu")} data-user-menu="loading" />;
  if (state.status === "loading") return loading;
  if (state.status === "signed-out") {
    return (
      <LinkButton href={href(SELECT_METHOD)} variant="default" size="xs" data-user-menu="signed-out">
        {t("signIn")}
      </LinkButton>
    );
  }
  // A guest (a session started by a first add to cart, no identity yet): signing in or up keeps its cart.
  if (state.subject.identities.length === 0) {
    return (
      <LinkButton href={`${href(SELECT_METHOD)}?reason=cart`} variant="default" size="xs" data-user-menu="guest">
        {t("signIn")}
      </LinkButton>
    );
  }
  return (
    <Suspense fallback={loading}>
      <accountMenu.Component subject={state.subject} />
    </Suspense>
  );
}
