import { Text } from "../../render/primitives.js";
import { altText, FileView } from "../../../ui/file-view.js";
import { logotypeHref } from "../../i18n/links.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { firstFile } from "./first-file.js";

/** A logotype: its image (or its title when it has none) linking by the logotype link rules. */
export function LogotypeDefault({ record }: VariantProps) {
  const site = useSite();
  const file = firstFile(site, "website-builder/logotypes-to-file-storage-module-files", record.id);
  const title = text(record.title, site.language);
  return (
    <a
      href={logotypeHref(record.url, site.language)}
      className={classNameOf(record)}
      data-logotype=""
      aria-label={title || undefined}
      style={{ display: "inline-flex", alignItems: "center", textDecoration: "none" }}
    >
      {file ? (
        <FileView
          file={{ ...file, alt: altText(file.alt, site.language) ?? title }}
          style={{ height: 36, width: "auto", borderRadius: 0 }}
          fit="contain"
        />
      ) : (
        <Text component="span" fw={800} fz="xl" style={{ letterSpacing: "-0.02em" }}>
          {title}
        </Text>
      )}
    </a>
  );
}
