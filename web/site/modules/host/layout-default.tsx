import { classNameOf } from "../../render/class-name.js";
import { usePageContent } from "../../render/page-view.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { LayoutWidgets } from "./layout-widgets.js";

/**
 * The usual frame: the layout's widgets above the page (navbar), except those linked with the
 * relation variant 'additional', which go below it (footer).
 */
export function HostLayoutDefault({ record }: VariantProps) {
  const site = useSite();
  const content = usePageContent();
  const items = site.related("host/layouts-to-widgets", record.id);
  const below = items.filter(({ relation }) => relation.variant === "additional");
  const above = items.filter(({ relation }) => relation.variant !== "additional");
  return (
    <div className={classNameOf(record)} style={{ display: "flex", flexDirection: "column", flex: 1 }}>
      <LayoutWidgets items={above} />
      {content}
      <LayoutWidgets items={below} />
    </div>
  );
}
