import { classNameOf } from "../../render/class-name.js";
import { usePageContent } from "../../render/page-view.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { LayoutWidgets } from "./layout-widgets.js";

/** A trailing layout: the page first, then all of the layout's widgets (a call to action, a footer). */
export function HostLayoutAdditional({ record }: VariantProps) {
  const site = useSite();
  const content = usePageContent();
  return (
    <div className={classNameOf(record)} style={{ display: "flex", flexDirection: "column", flex: 1 }}>
      {content}
      <LayoutWidgets items={site.related("host/layouts-to-widgets", record.id)} />
    </div>
  );
}
