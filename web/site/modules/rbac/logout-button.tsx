import { Button, type ButtonProps } from "@mantine/core";
import { useSession } from "../../session/use-session.js";
import { HOME } from "./routes.js";
import { useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";

/** Revokes the session, removes both tokens and goes home (in the page's language). */
export function LogoutButton(props: ButtonProps) {
  const { t, href } = useRbac();
  const { store } = useSession();
  const { pending, act } = useAction(() => store.logout(href(HOME)));
  return (
    <Button variant="default" {...props} loading={pending} onClick={() => void act()}>
      {pending ? t("loggingOut") : t("logout")}
    </Button>
  );
}
