import { TextField } from "./text-field.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { inputProps } from "./input-props.js";

/** A number field: a native number input, so the browser checks it and FormData reads it plainly. */
export function InputNumberDefault({ record }: VariantProps) {
  const { language } = useSite();
  return (
    <TextField {...inputProps(record, language)} type="number" inputMode="decimal" step="any" data-crm-input="number" />
  );
}
