import { Textarea } from "@mantine/core";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { inputProps } from "./input-props.js";

/** A multi-line text field for messages. */
export function InputTextareaDefault({ record }: VariantProps) {
  const { language } = useSite();
  return <Textarea {...inputProps(record, language)} minRows={4} autosize data-crm-input="textarea" />;
}
