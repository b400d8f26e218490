import type { WidgetProps } from "@rjsf/utils";
import { LazyRichTextEditor as RichTextEditor } from "../../../ui/rich-text/lazy-rich-text-editor.js";
import { errorOf } from "./basic-widgets.js";

export function RichTextWidget(props: WidgetProps) {
  return (
    <RichTextEditor
      id={props.id}
      label={props.label}
      error={errorOf(props)}
      value={props.value}
      onChange={(v) => props.onChange(v === "" ? undefined : v)}
    />
  );
}
