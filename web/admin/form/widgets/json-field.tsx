import { Textarea } from "@mantine/core";
import type { FieldProps } from "@rjsf/utils";
import { useState } from "react";

/** An object or array field (e.g. metadata's opengraph) as JSON text; kept only while it parses. */
export function JsonField(props: FieldProps) {
  const [text, setText] = useState(props.formData === undefined ? "" : JSON.stringify(props.formData, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <Textarea
      label={props.schema.title ?? props.name}
      autosize
      minRows={3}
      styles={{ input: { fontFamily: "monospace" } }}
      value={text}
      error={invalid ? "Not valid JSON" : props.rawErrors?.[0]}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (next.trim() === "") {
          setInvalid(false);
          props.onChange(undefined, props.fieldPathId.path);
          return;
        }
        try {
          props.onChange(JSON.parse(next), props.fieldPathId.path);
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}
