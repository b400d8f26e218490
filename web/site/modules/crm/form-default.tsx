import { Button } from "@mantine/core";
import { LinkButton } from "../../render/link-button.js";
import { Group, Stack, Text, Title } from "../../render/primitives.js";
import { useState, type FormEvent } from "react";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { formValues, submitRequest } from "./submit-request.js";
import { showToast } from "../../../ui/toast.js";
import { ApiError } from "../../../api/client.js";

/** The submitted fields a 400 names (`cause` paths `/data/{name}`). */
function fieldsRefused(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.cause
    .map((c) => /^\/data\/([^/]+)$/.exec(c.path ?? "")?.[1])
    .filter((name): name is string => Boolean(name));
}

/** Marks a field invalid with the browser's own message bubble, cleared as soon as it is edited. */
function markInvalid(form: HTMLFormElement, name: string, message: string) {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
  input.setCustomValidity(message);
  input.setAttribute("aria-invalid", "true");
  input.addEventListener(
    "input",
    () => {
      input.setCustomValidity("");
      input.removeAttribute("aria-invalid");
    },
    { once: true },
  );
  input.reportValidity();
}

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
      // A field the server refused (an email input's value that is no address): said on the field, in the page's language.
      const refused = fieldsRefused(error);
      if (refused.length) {
        for (const name of refused) markInvalid(form, name, t("invalidEmail"));
        showToast({ color: "red", message: t("invalidEmail") });
        return;
      }
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
