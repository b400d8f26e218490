import { Group } from "../../render/primitives.js";
import { classNameOf } from "../../render/class-name.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";

/** A row of buttons (buttons-arrays-to-buttons), each by its own variant; wraps on small screens. */
export function ButtonsArrayDefault({ record }: VariantProps) {
  return (
    <Group gap="sm" className={classNameOf(record)} data-buttons-array="">
      <RelatedViews relationModel="website-builder/buttons-arrays-to-buttons" parentId={record.id} />
    </Group>
  );
}
