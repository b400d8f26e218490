import { Anchor, AppShell, Button, Group, Text, Title } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Link, Outlet } from "react-router";
import { LanguageSwitch } from "./language-switch.js";
import { useSubject } from "../auth/session-context.js";
import { emailOf } from "../auth/use-session.js";
import { ModelsProvider } from "../data/models-context.js";
import { LeavePrompt } from "../form/leave-prompt.js";
import { GlobalSearchButton } from "../search/global-search-button.js";
import { ModelNav } from "./model-nav.js";
import { shellTexts } from "./shell-texts.js";
import { wordsTexts } from "../words-texts.js";

/** Header (models toggle, search, signed-in admin, sign out), the model list at the left, the chosen screen at the right. */
export function AdminShell() {
  const { subject, signOut } = useSubject();
  // Below 900 px the side list would leave the screen too little room (on a phone, below the
  // navbar's "sm" breakpoint, it covers the screen): it starts closed, so the first screen (the
  // dashboard) is what one sees after sign-in, and a screen chosen in it closes it again.
  const narrow = useMediaQuery("(max-width: 56.24em)", undefined, { getInitialValueInEffect: false });
  const [navShown, { toggle, close }] = useDisclosure(!narrow);
  const t = wordsTexts();
  return (
    <ModelsProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 290, breakpoint: "sm", collapsed: { mobile: !navShown, desktop: !navShown } }}
        padding="lg"
      >
        <AppShell.Header aria-label={shellTexts().header}>
          {/* One line at every width: on a phone the bar keeps only its buttons (390 px holds them). */}
          <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Button variant="default" size="xs" onClick={toggle} aria-expanded={navShown} data-testid="models-toggle">
                {navShown ? t.hide : t.show}
              </Button>
              {/* On a phone the bar keeps only its buttons, so it stays one line above the screen. */}
              {/* The admin's name leads back to its first screen, the dashboard. */}
              <Title order={4} visibleFrom="xs">
                <Anchor component={Link} to="/admin" c="inherit" underline="never" data-testid="admin-home">
                  {t.admin}
                </Anchor>
              </Title>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {/* Any record of any model, also by Ctrl/Cmd+K (docs/admin.md, "Finding any record"). */}
              <GlobalSearchButton />
              <LanguageSwitch />
              <Text size="sm" c="dimmed" data-testid="current-user" visibleFrom="sm">
                {emailOf(subject)}
              </Text>
              <Button variant="light" size="xs" onClick={signOut}>
                {t.signOut}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" data-testid="model-nav" aria-label={shellTexts().navigation}>
          <ModelNav onNavigate={narrow ? close : undefined} />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0" aria-label={shellTexts().main}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
      {/* The one "Leave without saving?" for every screen and dialog (use-leave-guard.ts). */}
      <LeavePrompt />
    </ModelsProvider>
  );
}
