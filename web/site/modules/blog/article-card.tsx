import { Badge } from "@mantine/core";
import { LinkButton } from "../../render/link-button.js";
import { Card, Group, Stack, Text, Title } from "../../render/primitives.js";
import { FileView } from "../../../ui/file-view.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { firstFile } from "../website-builder/first-file.js";
import { articleHref, categoryHref } from "./links.js";
import { LinkSubject } from "../../render/link-subject.js";

/** An article card: cover image, its categories, title, subtitle and a 'Read more' button. */
export function ArticleCard({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const cover = firstFile(site, "blog/articles-to-file-storage-module-files", record.id);
  const categories = site.relatedParents("blog/categories-to-articles", record.id);
  const title = text(record.title, site.language);
  const subtitle = text(record.subtitle, site.language);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-article-card="" h="100%">
      {cover ? (
        <Card.Section mb="md">
          <FileView
            file={cover}
            language={site.language}
            sizes="(min-width: 48em) 50vw, 100vw"
            style={{ width: "100%", aspectRatio: "16 / 9", borderRadius: 0 }}
          />
        </Card.Section>
      ) : null}
      <Stack gap="xs" style={{ flex: 1 }}>
        {categories.length ? (
          <Group gap={6}>
            {categories.map(({ relation, record: category }) => (
              <Badge
                key={relation.id}
                component="a"
                href={categoryHref(category, site.language)}
                variant="light"
                style={{ cursor: "pointer" }}
              >
                {text(category.title, site.language) || String(category.slug)}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Title order={3} fz="xl" lh={1.25}>
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      <Group mt="lg">
        <LinkButton href={articleHref(record, site.language)} variant="light" rightSection={<span aria-hidden>→</span>}>
          {t("readMore")}
          <LinkSubject>{title}</LinkSubject>
        </LinkButton>
      </Group>
    </Card>
  );
}
