import { Center, Loader } from "@mantine/core";
import { Stack, Text } from "../../render/primitives.js";
import { useEffect, useRef } from "react";
import { useSession } from "../../session/use-session.js";
import type { VariantProps } from "../../variant-types.js";
import { AuthCard } from "./auth-card.js";
import { LogoutButton } from "./logout-button.js";
import { HOME } from "./routes.js";
import { useRbac } from "./use-rbac.js";

/**
 * The logout screen: logs out as soon as it runs in the browser and goes home. The Logout button
 * is there for a browser where that did not happen (scripts blocked until now, a failed call).
 */
export function LogoutDefault({ record }: VariantProps) {
  const { t, href } = useRbac();
  const { store } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void store.logout(href(HOME));
  }, [store, href]);

  return (
    <AuthCard record={record}>
      <Stack gap="sm" align="center">
        <Center>
          <Loader size="sm" />
        </Center>
        <Text size="sm" c="dimmed">
          {t("loggingOut")}
        </Text>
        <LogoutButton fullWidth />
      </Stack>
    </AuthCard>
  );
}
