import { TextField } from "./text-field.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { inputProps } from "./input-props.js";

/** A one-line text field; also the 'default' input variant. */
export function InputTextDefault({ record }: VariantProps) {
  const { language } = useSite();
  return <TextField {...inputProps(record, language)} data-crm-input="text" />;
}
