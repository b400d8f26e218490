import { TextInput } from "@mantine/core";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { inputProps } from "./input-props.js";

/** A one-line text field; also the 'default' input variant. */
export function InputTextDefault({ record }: VariantProps) {
  const { language } = useSite();
  return <TextInput {...inputProps(record, language)} data-crm-input="text" />;
}
