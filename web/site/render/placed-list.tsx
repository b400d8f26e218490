import { ListPosition } from "./list-position.js";
import type { Placement } from "./placed-records.js";
import { VariantView } from "./variant-view.js";

/** Records of one model, each by its own variant, told its place in the list (list-position.ts). */
export function PlacedList({ model, items }: { model: string; items: Placement[] }) {
  return (
    <>
      {items.map(({ key, record, relation }, index) => (
        <ListPosition.Provider key={key} value={index}>
          <VariantView model={model} record={record} relation={relation} />
        </ListPosition.Provider>
      ))}
    </>
  );
}
