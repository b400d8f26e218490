import { Badge } from "@mantine/core";
import { Group, Stack, Text, Title } from "../../render/primitives.js";
import type { ReactNode } from "react";
import { FileView } from "../../../ui/file-view.js";
import type { Row } from "../../../../common/site/page-data.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { SiteRichText } from "../../render/site-rich-text.js";
import { useSite } from "../../render/use-site.js";
import { firstFile } from "../website-builder/first-file.js";
import { categoryHref } from "./links.js";

/** An article page's body: categories, headline, subtitle, cover, rich text, then `children`. */
export function ArticleView({ article, children }: { article: Row; children?: ReactNode }) {
  const site = useSite();
  const cover = firstFile(site, "blog/articles-to-file-storage-module-files", article.id);
  const categories = site.relatedParents("blog/categories-to-articles", article.id);
  const subtitle = text(article.subtitle, site.language);
  return (
    <article className={classNameOf(article)} data-article={String(article.slug ?? "")}>
      <Stack gap="lg" maw={820} mx="auto">
        {categories.length ? (
          <Group gap={6}>
            {categories.map(({ relation, record }) => (
              <Badge
                key={relation.id}
                component="a"
                href={categoryHref(record, site.language)}
                variant="light"
                style={{ cursor: "pointer" }}
              >
                {text(record.title, site.language)}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1} style={{ letterSpacing: "-0.02em" }}>
          {text(article.title, site.language)}
        </Title>
        {subtitle ? (
          <Text fz="xl" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
        {cover ? <FileView file={cover} language={site.language} style={{ width: "100%", borderRadius: 16 }} /> : null}
        <div style={{ fontSize: "1.075rem", lineHeight: 1.7 }}>
          <SiteRichText record={article} />
        </div>
        {children}
      </Stack>
    </article>
  );
}
