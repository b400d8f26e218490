import type { Placement } from "./placed-records.js";
import { VariantView } from "./variant-view.js";

/** Records of one model, each by its own variant. */
export function PlacedList({ model, items }: { model: string; items: Placement[] }) {
  return (
    <>
      {items.map(({ key, record, relation }) => (
        <VariantView key={key} model={model} record={record} relation={relation} />
      ))}
    </>
  );
}
