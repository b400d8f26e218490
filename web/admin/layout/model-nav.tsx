import { AppShell, NavLink, ScrollArea, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { NavLink as RouterLink, useLocation, useParams } from "react-router";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { useModels } from "../data/models-context.js";
import { mediaTexts } from "../media/media-texts.js";
import { ordersTexts } from "../orders/orders-texts.js";
import { discountsTexts } from "../pricing/discounts-texts.js";
import { shippingTexts } from "../pricing/shipping-texts.js";
import { taxesTexts } from "../pricing/taxes-texts.js";
import { productsTexts } from "../products/products-texts.js";
import { wordsTexts } from "../words-texts.js";
import { activityTexts } from "../activity/activity-texts.js";
import { moduleName } from "./module-texts.js";

/** The crm/forms table: its rows open their submissions (/admin/forms/{id}). */
const FORMS = "/admin/crm/forms";

/** The editor's screens in the order an editor reaches for them; the composer's pages screen first. */
export function editorScreens() {
  const words = wordsTexts();
  return [
    { to: "/admin/pages", label: words.pages, testId: "nav-pages" },
    { to: "/admin/products", label: productsTexts().products, testId: "nav-products" },
    { to: "/admin/orders", label: ordersTexts().orders, testId: "nav-orders" },
    // The shop's delivery prices, taxes and discount codes, beside its products and orders.
    { to: "/admin/shipping", label: shippingTexts().shipping, testId: "nav-shipping" },
    { to: "/admin/taxes", label: taxesTexts().taxes, testId: "nav-taxes" },
    { to: "/admin/discounts", label: discountsTexts().discounts, testId: "nav-discounts" },
    { to: FORMS, label: words.forms, testId: "nav-forms" },
    { to: "/admin/media", label: mediaTexts().media, testId: "nav-media" },
  ];
}

/** The administrator's screens for connecting the platform to other systems, after the editor's. */
export function integrationScreens() {
  return [{ to: "/admin/webhooks", label: wordsTexts().webhooks, testId: "nav-webhooks" }];
}

/** The administrator's own screens: what was done on the site, by whom (the audit log). */
export function administrationScreens() {
  return [{ to: "/admin/activity", label: activityTexts().activity, testId: "nav-activity" }];
}

/**
 * Models grouped by module (modules by name, models by title in the admin's language), narrowed
 * by a quick filter that finds a model by its title, its name or its module's code or heading.
 */
export function groupModels(models: AdminModel[], text: string): [string, AdminModel[]][] {
  const needle = text.trim().toLowerCase();
  const groups = new Map<string, AdminModel[]>();
  for (const model of models) {
    const words = `${model.module} ${moduleName(model.module)} ${model.name} ${model.title}`;
    if (needle && !words.toLowerCase().includes(needle)) continue;
    groups.set(model.module, [...(groups.get(model.module) ?? []), model]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, list]) => [
      module,
      list.sort((a, b) => a.title.localeCompare(b.title) || a.name.localeCompare(b.name)),
    ]);
}

/** `onNavigate`: called when a screen is chosen (on a phone the shell then closes the list). */
export function ModelNav({ onNavigate }: { onNavigate?: () => void } = {}) {
  const { list } = useModels();
  const [text, setText] = useState("");
  const { module, entity } = useParams();
  // A form's submissions (/admin/forms/{id}) light up "Forms" among the editor's screens.
  const { pathname } = useLocation();
  const current = `${module}/${entity}`;
  const groups = useMemo(() => groupModels(list, text), [list, text]);
  const words = wordsTexts();
  const screens = editorScreens();
  const integrations = integrationScreens();
  const administration = administrationScreens();
  return (
    <>
      <AppShell.Section>
        <TextInput
          size="xs"
          placeholder={words.findModel}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          mb="xs"
          aria-label={words.findModel}
        />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea}>
        {/* The first screen after sign-in, reached from a phone too (where the header's name is hidden). */}
        <NavLink
          component={RouterLink}
          to="/admin"
          label={words.dashboard}
          active={pathname === "/admin" || pathname === "/admin/"}
          py={4}
          styles={{ label: { fontSize: "var(--mantine-font-size-sm)", fontWeight: 600 } }}
          onClick={onNavigate}
          data-testid="nav-dashboard"
        />
        {/* The editor's screens first (docs/admin.md), then every model of the registry. */}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="sm" pb={4}>
          {words.editorScreens}
        </Text>
        {screens.map((screen) => (
          <NavLink
            key={screen.to}
            component={RouterLink}
            to={screen.to}
            label={screen.label}
            active={
              pathname === screen.to ||
              pathname.startsWith(`${screen.to}/`) ||
              (screen.to === FORMS && pathname.startsWith("/admin/forms/"))
            }
            py={4}
            styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }}
            onClick={onNavigate}
            data-testid={screen.testId}
          />
        ))}
        {(
          [
            [words.integrations, integrations],
            [activityTexts().administration, administration],
          ] as const
        ).map(([heading, list]) => (
          <div key={heading}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="md" pb={4}>
              {heading}
            </Text>
            {list.map((screen) => (
              <NavLink
                key={screen.to}
                component={RouterLink}
                to={screen.to}
                label={screen.label}
                active={pathname === screen.to || pathname.startsWith(`${screen.to}/`)}
                py={4}
                styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }}
                onClick={onNavigate}
                data-testid={screen.testId}
              />
            ))}
          </div>
        ))}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="md" pb={0}>
          {words.models}
        </Text>
        {groups.map(([group, models]) => (
          <div key={group}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="sm" pb={4}>
              {moduleName(group)}
            </Text>
            {models.map((model) => (
              <NavLink
                key={model.id}
                component={RouterLink}
                to={`/admin/${model.id}`}
                label={model.title}
                active={current === model.id}
                onClick={onNavigate}
                py={4}
                styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }}
              />
            ))}
          </div>
        ))}
      </AppShell.Section>
    </>
  );
}
