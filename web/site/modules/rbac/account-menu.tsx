import { Badge, Button, Menu } from "@mantine/core";
import { Group, Text } from "../../render/primitives.js";
import type { Subject } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { HOME, SETTINGS } from "./routes.js";
import { subjectLabel } from "./subject-label.js";
import { useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";

/** The signed-in subject's account menu (user-menu.tsx imports it when someone is signed in). */
export function AccountMenu({ subject }: { subject: Subject }) {
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
