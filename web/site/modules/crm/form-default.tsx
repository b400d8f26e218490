import { Button } from "@mantine/core";
import { LinkButton } from "../../render/link-button.js";
import { Group, Stack, Text, Title } from "../../render/primitives.js";
import { useState, type FormEvent } from "react";
import { text } from "../../i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { formValues, submitRequest } from "./submit-request.js";
import { showToast } from "../../../ui/toast.js";

/** A CRM form: its texts, its inputs (forms-to-inputs, each by its variant) and a Submit button. */
export function FormDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const [pending, setPending] = useState(false);
  const title = text(record.title, site.language);
  const subtitle = text(record.subtitle, site.language);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    try {
      await submitRequest(record.id, formValues(form));
      showToast({ color: "green", message: t("formSubmitted") });
      form.reset();
    } catch (error) {
      showToast({ color: "red", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={classNameOf(record)} data-crm-form={record.id}>
      <Stack gap="md">
        {title ? <Title order={3}>{title}</Title> : null}
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        <RelatedViews relationModel="crm/forms-to-inputs" parentId={record.id} />
        <Group>
          {/* Mantine's Button's very markup (LinkButton) at rest, as the server renders it;
              Mantine's own Button only to show the loader while a submit is under way. */}
          {pending ? (
            <Button type="submit" variant="filled" loading size="md">
              {t("submit")}
            </Button>
          ) : (
            <LinkButton component="button" type="submit" size="md">
              {t("submit")}
            </LinkButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
