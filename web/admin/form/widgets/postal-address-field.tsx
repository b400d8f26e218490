import { Stack, Text } from "@mantine/core";
import type { FieldProps } from "@rjsf/utils";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import { addressLines } from "../../../../common/postal-address.js";
import { JsonField } from "./json-field.js";

/** A postal address (x-input postal-address) as the lines on a parcel: name, street, postal code and city, country name, phone. */
export function AddressLines({ value, size }: { value: unknown; size?: "xs" | "sm" }) {
  const lines = addressLines(value, DEFAULT_LANGUAGE);
  if (lines.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0} data-postal-address="">
      {lines.map((line, i) => (
        <Text key={i} size={size ?? "sm"} style={{ whiteSpace: "nowrap" }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The form's address field: the address as it reads, then its JSON to correct it (kept only while it parses). */
export function PostalAddressField(props: FieldProps) {
  return (
    <Stack gap={4}>
      {props.formData ? (
        <div>
          <Text size="sm" fw={500}>
            {props.schema.title ?? props.name}
          </Text>
          <AddressLines value={props.formData} />
        </div>
      ) : null}
      <JsonField {...props} schema={{ ...props.schema, title: `${props.schema.title ?? props.name} (JSON)` }} />
    </Stack>
  );
}
