import { Burger } from "@mantine/core";
import { useEditMarks } from "../../render/edit-marks.js";
import { Box, Container, Group, Stack, Text } from "../../render/primitives.js";
import { type ReactNode, useEffect, useState } from "react";
import { LanguageSwitcher } from "../../i18n/language-switcher.js";
import { text } from "../../../../common/i18n/text.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import { classNameOf } from "../../render/class-name.js";
import { CONTAINER_SIZE } from "../../render/theme.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { NavbarExtrasSlot } from "./navbar-extras-slot.js";
import { NavbarLinks } from "./navbar-links.js";

const HEIGHT = 64;

/**
 * The site header: logotypes at the left, the buttons as navigation, then the other modules'
 * extras and the language switcher at the right end. Below the large breakpoint the links fold
 * into a full-screen menu opened by a burger toggle. `search` (the navbar-search variant's box)
 * sits on the bar at every width, before the other extras.
 */
export function WidgetNavbarDefault({ record, search }: VariantProps & { search?: ReactNode }) {
  const site = useSite();
  const t = useUiText();
  const [opened, setOpened] = useState(false);
  const marks = useEditMarks();
  const title = text(record.title, site.language);
  const hasLogo = site.related("website-builder/widgets-to-logotypes", record.id).length > 0;

  // The open menu covers the page: keep the page under it from scrolling, close on Escape.
  useEffect(() => {
    if (!opened) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpened(false);
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [opened]);

  // The menu is the header's sibling: the header's backdrop-filter would make it the containing
  // block of a fixed child, squeezing a full-screen menu into the header's height.
  return (
    <>
      <header
        id={typeof record.anchor === "string" && record.anchor ? record.anchor : undefined}
        className={classNameOf(record)}
        data-navbar=""
        {...marks.block(record)}
        style={{
          position: "sticky",
          top: 0,
          zIndex: 200,
          background: "rgba(255,255,255,0.85)",
          backdropFilter: "saturate(180%) blur(12px)",
          borderBottom: "1px solid var(--mantine-color-gray-2)",
        }}
      >
        <Container size={CONTAINER_SIZE} h={HEIGHT}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="lg">
            {/* With the search box the bar is full at 1280 px: the links give way, not the site's name. */}
            <Group gap="sm" wrap="nowrap" style={search ? { flexShrink: 0 } : undefined}>
              <RelatedViews relationModel="website-builder/widgets-to-logotypes" parentId={record.id} />
              {title && !hasLogo ? (
                <Text
                  component="a"
                  href={withLanguage("/", site.language)}
                  fw={800}
                  fz="xl"
                  style={{ textDecoration: "none", letterSpacing: "-0.02em" }}
                  {...marks.text(record, "title")}
                >
                  {title}
                </Text>
              ) : null}
            </Group>
            <Group gap="lg" wrap="nowrap" visibleFrom="lg" component="nav">
              <NavbarLinks site={site} widgetId={record.id} />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {search}
              <NavbarExtrasSlot placement="bar" />
              <Group gap="sm" wrap="nowrap" visibleFrom="lg">
                <NavbarExtrasSlot />
                <LanguageSwitcher />
              </Group>
              <Burger
                opened={opened}
                onClick={() => setOpened((value) => !value)}
                hiddenFrom="lg"
                aria-label={opened ? t("closeMenu") : t("openMenu")}
                aria-expanded={opened}
                size="sm"
              />
            </Group>
          </Group>
        </Container>
      </header>
      {opened ? (
        <Box
          hiddenFrom="lg"
          data-mobile-menu=""
          onClick={(event) => (event.target as HTMLElement).closest("a") && setOpened(false)}
          style={{
            position: "fixed",
            top: HEIGHT,
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: 199,
            background: "var(--mantine-color-body)",
            overflowY: "auto",
          }}
        >
          <Container size={CONTAINER_SIZE} py="xl">
            <Stack gap="lg" align="flex-start" component="nav" fz="lg">
              <NavbarLinks site={site} widgetId={record.id} />
              <Group gap="sm">
                <NavbarExtrasSlot />
              </Group>
              <LanguageSwitcher size="sm" />
            </Stack>
          </Container>
        </Box>
      ) : null}
    </>
  );
}
