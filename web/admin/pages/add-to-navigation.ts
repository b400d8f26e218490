import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { createItem, loadChildren, pathOf } from "./block-items-api.js";
import { loadBlocks, type Texts } from "./pages-api.js";

/**
 * Puts a link to the new page `pageId` at the end of its layout's navigation bar: a button named
 * by the page's title (in each language typed) and linking to its address, as the composer's
 * buttons rows make one (a working copy: it goes live when a page with that layout is published).
 * False when the page's layout has no navigation bar to add it to.
 */
export async function addToNavigation(
  pageId: string,
  url: string,
  title: Texts,
  models: Map<string, AdminModel>,
): Promise<boolean> {
  const blocks = await loadBlocks(pageId, "en");
  const navbar = blocks.find(
    (b) => b.region !== "page" && b.module === "website-builder" && b.variant.startsWith("navbar"),
  );
  const hops = navbar ? pathOf("buttons", "website-builder/widgets", models) : undefined;
  if (!navbar || !hops) return false;
  const { holders, children } = await loadChildren(hops, navbar.widgetId);
  const next = Math.max(-1, ...children.map(({ row }) => Number(row.orderIndex ?? 0))) + 1;
  const texts = Object.fromEntries(Object.entries(title).filter(([, text]) => text.trim()));
  // The look of the bar's other links (the demo's are `ghost`), not a button's default.
  const last = [...children].sort((a, b) => Number(a.row.orderIndex ?? 0) - Number(b.row.orderIndex ?? 0)).at(-1);
  const variant = typeof last?.record.variant === "string" ? last.record.variant : undefined;
  await createItem(hops, navbar.widgetId, holders, { key: "navigation", orderIndex: next, title: texts }, next, {
    title: texts,
    url,
    ...(variant ? { variant } : {}),
  });
  return true;
}
