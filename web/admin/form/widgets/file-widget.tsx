import { Anchor, Button, FileButton, Group, Input, Stack, Text } from "@mantine/core";
import type { WidgetProps } from "@rjsf/utils";
import { useEffect, useState } from "react";
import { safeHref } from "../../../ui/safe-href.js";
import { FileThumb } from "../../media/file-thumb.js";
import { byteSize } from "../../media/media-api.js";
import { mediaTexts } from "../../media/media-texts.js";
import type { AdminFormContext } from "../form-context.js";
import { errorOf } from "./basic-widgets.js";

/** A chosen file's local preview (an object URL, revoked when it changes), for the thumbnail before upload. */
function usePreview(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file?.type.startsWith("image/")) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * 'Select file': the chosen file waits in the form context and goes up as a multipart part on
 * save; the server stores it, sets the field to its public path and reads type, size, width and
 * height from its bytes — shown here under the thumbnail, never typed.
 */
export function FileWidget(props: WidgetProps) {
  const t = mediaTexts();
  const context = props.registry.formContext as AdminFormContext;
  const [chosen, setChosen] = useState<File | null>(context.files.get(props.name) ?? null);
  const preview = usePreview(chosen);
  const pick = (file: File | null) => {
    setChosen(file);
    if (file) context.files.set(props.name, file);
    else context.files.delete(props.name);
    // Marks the form changed; the real value comes from the server after the upload.
    props.onChange(file ? (props.value ?? "") : props.value);
  };
  const saved = context.record && context.record[props.name] === props.value ? context.record : undefined;
  const facts = saved
    ? [
        saved.mimeType,
        byteSize(saved.size as number | null, t.language),
        saved.width && saved.height ? `${saved.width} × ${saved.height} px` : "",
      ]
        .filter(Boolean)
        .join(" · ")
    : "";
  return (
    <Input.Wrapper label={props.label} required={props.required && !props.value} error={errorOf(props)} id={props.id}>
      <Group gap="sm" mt={4} wrap="nowrap" align="center">
        {preview ? (
          <img
            src={preview}
            alt=""
            width={64}
            height={64}
            style={{ objectFit: "cover", borderRadius: 6 }}
            data-testid="file-thumb"
          />
        ) : props.value && !chosen ? (
          <FileThumb
            file={{
              file: props.value,
              mimeType: saved?.mimeType ?? (/\.(jpe?g|png|webp|gif|avif|svg)$/i.test(props.value) ? "image/" : ""),
              extension: saved?.extension,
              alt: saved?.alt,
            }}
            size={64}
            language={t.language}
          />
        ) : null}
        <Stack gap={2} miw={0}>
          <Group gap="sm">
            <FileButton onChange={pick}>
              {(buttonProps) => (
                <Button variant="default" size="xs" {...buttonProps}>
                  Select file
                </Button>
              )}
            </FileButton>
            {chosen ? (
              <Text size="sm">{chosen.name}</Text>
            ) : props.value ? (
              <Anchor
                size="sm"
                href={safeHref(props.value)}
                target="_blank"
                rel="noreferrer"
                style={{ wordBreak: "break-all" }}
              >
                {props.value}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                No file
              </Text>
            )}
          </Group>
          {facts && !chosen ? (
            <Text size="xs" c="dimmed" data-testid="file-read-facts">
              {facts} — {t.readFromFile}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
