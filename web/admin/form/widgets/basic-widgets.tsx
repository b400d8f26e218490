import { Checkbox, NumberInput, Select, Text, Textarea, TextInput } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";

/** The first error of a field, as Mantine inputs show it. */
export const errorOf = (props: WidgetProps) => props.rawErrors?.[0];

/** The props every Mantine input of a form field takes from RJSF: id, label, required mark, first error. */
export const fieldProps = (props: WidgetProps) => ({
  id: props.id,
  label: props.label,
  required: props.required,
  error: errorOf(props),
});

export function TextWidget(props: WidgetProps) {
  return (
    <TextInput
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      error={errorOf(props)}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(e.currentTarget.value === "" ? undefined : e.currentTarget.value)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  return (
    <Textarea
      {...fieldProps(props)}
      autosize
      minRows={3}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(e.currentTarget.value === "" ? undefined : e.currentTarget.value)}
    />
  );
}

/** A cleared number is sent as "" (the server stores null for an optional number). */
export function NumberWidget(props: WidgetProps) {
  return (
    <NumberInput
      {...fieldProps(props)}
      value={props.value ?? ""}
      onChange={(v) => props.onChange(v === "" ? "" : String(v))}
    />
  );
}

export function CheckboxWidget(props: WidgetProps) {
  return (
    <Checkbox
      id={props.id}
      label={props.label}
      error={errorOf(props)}
      checked={Boolean(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
}

export function SelectWidget(props: WidgetProps) {
  const data = (props.options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
  return (
    <Select
      {...fieldProps(props)}
      data={data}
      value={props.value ?? null}
      // A field with a default always has a value worth keeping.
      clearable={!props.required && props.schema.default === undefined}
      onChange={(v) => props.onChange(v ?? undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function UnknownWidget(props: WidgetProps) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Text size="sm" c="red">
        Unknown input type
      </Text>
    </div>
  );
}
