import type { WidgetProps } from "@rjsf/utils";
import { DateTimePicker } from "../../../ui/date-time-picker/date-time-picker.js";
import { errorOf } from "./basic-widgets.js";

export function DateTimeWidget(props: WidgetProps) {
  return <DateTimePicker id={props.id} label={props.label} required={props.required} error={errorOf(props)} value={props.value} onChange={(v) => props.onChange(v)} />;
}
