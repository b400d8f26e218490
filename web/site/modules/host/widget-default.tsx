import { classNameOf } from "../../render/class-name.js";
import { externalWidgets } from "../../render/external-widgets.js";
import { useSite } from "../../render/use-site.js";
import { VariantView } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";

/** A host widget is a slot: it shows the module widgets linked through widgets-to-external-widgets. */
export function HostWidgetDefault({ record }: VariantProps) {
  const site = useSite();
  const widgets = externalWidgets(site, record.id);
  if (!widgets.length) return null;
  return (
    <div className={classNameOf(record)} data-host-widget={String(record.slug ?? record.id)}>
      {widgets.map((placed) => (
        <VariantView key={placed.relation?.id ?? placed.record.id} {...placed} />
      ))}
    </div>
  );
}
