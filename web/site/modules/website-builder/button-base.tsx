import { LinkButton, type LinkButtonLook } from "../../render/link-button.js";
import { useEditMarks } from "../../render/edit-marks.js";
import { buttonLink } from "../../i18n/links.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import type { Variant, VariantProps } from "../../variant-types.js";

/** Target and rel for a link that opens in a new tab (urls with a colon, i18n/links.ts). */
export const newTabProps = (newTab: boolean) => (newTab ? { target: "_blank", rel: "noopener noreferrer" } : {});

/** The link a button record points at, after the link rules, plus its title in the page's language. */
export function useButton(record: VariantProps["record"]) {
  const { language } = useSite();
  return {
    ...buttonLink(record.url, language),
    title: text(record.title, language) || String(record.adminTitle ?? ""),
  };
}

/** One of the button variants: a link drawn as a Mantine button of the given look. */
export function buttonVariant(
  look: Pick<LinkButtonLook, "variant" | "color" | "size" | "gradient">,
  name: string,
): Variant {
  function ButtonVariant({ record }: VariantProps) {
    const { href, newTab, title } = useButton(record);
    const marks = useEditMarks();
    return (
      <LinkButton
        href={href}
        {...newTabProps(newTab)}
        className={classNameOf(record)}
        data-button-variant={name}
        radius="md"
        size="md"
        {...look}
      >
        {marks.inner(record, "title", title)}
      </LinkButton>
    );
  }
  ButtonVariant.displayName = `Button(${name})`;
  return ButtonVariant;
}
