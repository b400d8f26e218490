import type { WidgetProps } from "@rjsf/utils";
import { DateTimePicker } from "../../../ui/date-time-picker/date-time-picker.js";
import { fieldProps } from "./basic-widgets.js";

export function DateTimeWidget(props: WidgetProps) {
  return <DateTimePicker {...fieldProps(props)} value={props.value} onChange={(v) => props.onChange(v)} />;
}
