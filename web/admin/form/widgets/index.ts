import type { RegistryFieldsType, RegistryWidgetsType } from "@rjsf/utils";
import {
  CheckboxWidget,
  NumberWidget,
  SelectWidget,
  TextareaWidget,
  TextWidget,
  UnknownWidget,
} from "./basic-widgets.js";
import { DateTimeWidget } from "./date-time-widget.js";
import { FileWidget } from "./file-widget.js";
import { JsonField } from "./json-field.js";
import { PostalAddressField } from "./postal-address-field.js";
import { ReferenceWidget } from "./reference-widget.js";
import { RichTextWidget } from "./rich-text-widget.js";
import { VariantWidget } from "./variant-widget.js";

/** The Mantine widgets the generated uiSchema names (engine/admin/form-schema.ts). */
export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  select: SelectWidget,
  SelectWidget,
  richText: RichTextWidget,
  dateTime: DateTimeWidget,
  file: FileWidget,
  reference: ReferenceWidget,
  variant: VariantWidget,
  unknown: UnknownWidget,
};

export const fields: RegistryFieldsType = { json: JsonField, postalAddress: PostalAddressField };
