import { Badge, Button, Group, Menu, Skeleton, Text } from "@mantine/core";
import { useSession } from "../../session/use-session.js";
import type { Subject } from "../../session/types.js";
import { HOME, SELECT_METHOD, SETTINGS } from "./routes.js";
import { subjectLabel } from "./subject-label.js";
import { useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";

/**
 * The navbar's account corner: a skeleton until the browser knows who is signed in (pages are
 * cached, so the server never renders a user), then a 'Sign in' link or the account menu.
 */
export function UserMenu() {
  const { t, href } = useRbac();
  const { state } = useSession();
  if (state.status === "loading") return <Skeleton height={30} width={96} radius="sm" aria-label={t("userMenu")} data-user-menu="loading" />;
  if (state.status === "signed-out") {
    return (
      <Button component="a" href={href(SELECT_METHOD)} variant="default" size="xs" data-user-menu="signed-out">
        {t("signIn")}
      </Button>
    );
  }
  return <AccountMenu subject={state.subject} />;
}

function AccountMenu({ subject }: { subject: Subject }) {
  const { t, href } = useRbac();
  const { store } = useSession();
  const { pending, act } = useAction(() => store.logout(href(HOME)));
  const label = subjectLabel(subject);
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" maw={200} aria-label={t("userMenu")} data-user-menu="signed-in">
          <Text size="xs" truncate>
            {label}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("account")}</Menu.Label>
        <Text size="sm" px="sm" pb={4} truncate>
          {label}
        </Text>
        {subject.roles.length > 0 && (
          <Group gap={4} px="sm" pb="xs" aria-label={t("roles")}>
            {subject.roles.map((role) => (
              <Badge key={role.id} size="xs" variant="light">
                {role.title || role.uid}
              </Badge>
            ))}
          </Group>
        )}
        <Menu.Divider />
        <Menu.Item component="a" href={href(SETTINGS)}>
          {t("settings")}
        </Menu.Item>
        <Menu.Item color="red" disabled={pending} onClick={() => void act()}>
          {pending ? t("loggingOut") : t("logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
