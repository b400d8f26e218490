import type { Related } from "../../data/site-data.js";
import { VariantView } from "../../render/variant-view.js";

/** A layout's host widgets (host/layouts-to-widgets rows), each by its variant. */
export function LayoutWidgets({ items }: { items: Related[] }) {
  return (
    <>
      {items.map(({ relation, record }) => (
        <VariantView key={relation.id} model="host/widgets" record={record} relation={relation} />
      ))}
    </>
  );
}
