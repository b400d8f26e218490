import { Group, Stack, Text, Title } from "../../render/primitives.js";
import { useEditMarks } from "../../render/edit-marks.js";
import type { ReactNode } from "react";
import { resizedUrl } from "../../../../common/file-url.js";
import { slideHref } from "../../i18n/links.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { firstFile } from "./first-file.js";

/**
 * A slide: its picture as the background, texts over a shade, its buttons. With a url the whole
 * slide is a link: a stretched <a> under the texts (an <a> may not hold the buttons' own <a>s).
 */
export function SlideDefault({ record }: VariantProps) {
  const site = useSite();
  const mark = useEditMarks().text;
  const file = firstFile(site, "website-builder/slides-to-file-storage-module-files", record.id);
  const image = file && String(file.mimeType ?? "").includes("image") ? resizedUrl(file, 1920) : undefined;
  const href = slideHref(record.url, site.language);
  const title = text(record.title, site.language);
  const subtitle = text(record.subtitle, site.language);
  const description = text(record.description, site.language);
  const body: ReactNode = (
    <Stack
      gap="sm"
      maw={880}
      py={{ base: "xl", sm: 48 }}
      style={{
        paddingInline: "max(var(--mantine-spacing-xl), 16.667%)",
        position: "relative",
        zIndex: 2,
        pointerEvents: "none",
        color: image ? "white" : undefined,
      }}
    >
      {subtitle ? (
        <Text
          tt="uppercase"
          fw={700}
          fz="sm"
          style={{ letterSpacing: "0.08em", opacity: 0.85 }}
          {...mark(record, "subtitle")}
        >
          {subtitle}
        </Text>
      ) : null}
      {title ? (
        <Title order={2} fz={{ base: 28, sm: 44 }} lh={1.1} {...mark(record, "title")}>
          {title}
        </Title>
      ) : null}
      {description ? (
        <Text fz="lg" style={{ whiteSpace: "pre-line", opacity: 0.9 }} {...mark(record, "description")}>
          {description}
        </Text>
      ) : null}
      <Group gap="sm" style={{ pointerEvents: "auto" }}>
        <RelatedViews relationModel="website-builder/slides-to-buttons-arrays" parentId={record.id} />
      </Group>
    </Stack>
  );
  const style = {
    position: "relative" as const,
    display: "flex",
    alignItems: "flex-end",
    minHeight: 420,
    height: "100%",
    background: image
      ? `linear-gradient(180deg, rgba(0,0,0,0.05) 20%, rgba(0,0,0,0.65) 100%), center / cover no-repeat url("${image.replace(/"/g, "%22")}")`
      : "linear-gradient(135deg, var(--mantine-color-indigo-1), var(--mantine-color-cyan-1))",
  };
  return (
    <div className={classNameOf(record)} data-slide="" style={style}>
      {href ? (
        // biome-ignore lint/a11y/useAnchorContent: the slide's whole area is its link, named by aria-label; its text stays selectable beneath
        <a
          href={href}
          aria-label={title || href}
          data-slide-link=""
          style={{ position: "absolute", inset: 0, zIndex: 1 }}
        />
      ) : null}
      {body}
    </div>
  );
}
