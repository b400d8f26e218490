import { TextField, type TextFieldProps } from "./text-field.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { inputProps } from "./input-props.js";

/** The input's `type` as the browser's: an email or phone field gets its keyboard and the browser's own check. */
const HTML_TYPES: Record<string, Pick<TextFieldProps, "type" | "inputMode">> = {
  email: { type: "email", inputMode: "email" },
  tel: { type: "tel", inputMode: "tel" },
};

/** A one-line text field; also the 'default' input variant. */
export function InputTextDefault({ record }: VariantProps) {
  const { language } = useSite();
  return <TextField {...inputProps(record, language)} {...HTML_TYPES[String(record.type)]} data-crm-input="text" />;
}
