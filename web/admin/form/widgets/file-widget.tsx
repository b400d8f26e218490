import { Anchor, Button, FileButton, Group, Input, Text } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useState } from "react";
import { safeHref } from "../../../ui/safe-href.js";
import type { AdminFormContext } from "../form-context.js";
import { errorOf } from "./basic-widgets.js";

/**
 * 'Select file': the chosen file waits in the form context and goes up as a multipart part on
 * save; the server stores it and sets the field to its public path, shown here afterwards.
 */
export function FileWidget(props: WidgetProps) {
  const context = props.registry.formContext as AdminFormContext;
  const [chosen, setChosen] = useState<File | null>(context.files.get(props.name) ?? null);
  const pick = (file: File | null) => {
    setChosen(file);
    if (file) context.files.set(props.name, file);
    else context.files.delete(props.name);
    // Marks the form changed; the real value comes from the server after the upload.
    props.onChange(file ? props.value ?? "" : props.value);
  };
  return (
    <Input.Wrapper label={props.label} required={props.required && !props.value} error={errorOf(props)} id={props.id}>
      <Group gap="sm" mt={4}>
        <FileButton onChange={pick}>
          {(buttonProps) => (
            <Button variant="default" {...buttonProps}>
              Select file
            </Button>
          )}
        </FileButton>
        {chosen ? (
          <Text size="sm">{chosen.name}</Text>
        ) : props.value ? (
          <Anchor size="sm" href={safeHref(props.value)} target="_blank" rel="noreferrer">
            {props.value}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No file
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
