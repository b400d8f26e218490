import { LinkButton } from "../../render/link-button.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { categoryHref } from "./links.js";

/** Category variant 'button-default': a pill linking to the category, for filter rows. */
export function CategoryButton({ record }: VariantProps) {
  const site = useSite();
  return (
    <LinkButton
      href={categoryHref(record, site.language)}
      variant="outline"
      radius="xl"
      className={classNameOf(record)}
      data-category-button=""
    >
      {text(record.title, site.language) || String(record.slug ?? "")}
    </LinkButton>
  );
}
