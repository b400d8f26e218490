import { AppShell, NavLink, ScrollArea, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { NavLink as RouterLink, useLocation, useParams } from "react-router";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { useModels } from "../data/models-context.js";
import { mediaTexts } from "../media/media-texts.js";
import { ordersTexts } from "../orders/orders-texts.js";
import { pagesTexts } from "../pages/pages-texts.js";
import { productsTexts } from "../products/products-texts.js";

/** Models grouped by module (modules and models sorted by name), narrowed by a quick filter. */
export function groupModels(models: AdminModel[], text: string): [string, AdminModel[]][] {
  const needle = text.trim().toLowerCase();
  const groups = new Map<string, AdminModel[]>();
  for (const model of models) {
    if (needle && !`${model.module} ${model.name} ${model.title}`.toLowerCase().includes(needle)) continue;
    groups.set(model.module, [...(groups.get(model.module) ?? []), model]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([module, list]) => [module, list.sort((a, b) => a.name.localeCompare(b.name))]);
}

export function ModelNav() {
  const { list } = useModels();
  const [text, setText] = useState("");
  const { module, entity } = useParams();
  // A form's submissions (/admin/forms/{id}) belong under crm/forms.
  const { pathname } = useLocation();
  const current = pathname.startsWith("/admin/forms/") ? "crm/forms" : `${module}/${entity}`;
  const groups = useMemo(() => groupModels(list, text), [list, text]);
  const t = ordersTexts();
  return (
    <>
      <AppShell.Section>
        <TextInput size="xs" placeholder="Find a model" value={text} onChange={(e) => setText(e.currentTarget.value)} mb="xs" aria-label="Find a model" />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea}>
        {/* The hand-made screens a shop owner starts from, above the generated models. */}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="sm" pb={4}>
          {t.shop}
        </Text>
        <NavLink component={RouterLink} to="/admin/pages" label={pagesTexts().pages} active={pathname === "/admin/pages" || pathname.startsWith("/admin/pages/")} py={4} styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }} data-testid="nav-pages" />
        <NavLink component={RouterLink} to="/admin/products" label={productsTexts().products} active={pathname === "/admin/products" || pathname.startsWith("/admin/products/")} py={4} styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }} data-testid="nav-products" />
        <NavLink component={RouterLink} to="/admin/orders" label={t.orders} active={pathname === "/admin/orders" || pathname.startsWith("/admin/orders/")} py={4} styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }} data-testid="nav-orders" />
        <NavLink component={RouterLink} to="/admin/media" label={mediaTexts().media} active={pathname === "/admin/media"} py={4} data-testid="nav-media" styles={{ label: { fontSize: "var(--mantine-font-size-sm)" } }} />
        {groups.map(([group, models]) => (
          <div key={group}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="sm" pb={4}>
              {group}
            </Text>
            {models.map((model) => (
              <NavLink
                key={model.id}
                component={RouterLink}
                to={`/admin/${model.id}`}
                label={model.name}
                active={current === model.id}
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
