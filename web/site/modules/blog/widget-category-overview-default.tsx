import { Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import { CardsGrid } from "../../render/cards-grid.js";
import { classNameOf } from "../../render/class-name.js";
import { currentRecord } from "../../render/current-record.js";
import { EmptyNote } from "../../render/empty-note.js";
import { NotFoundNote } from "../../render/not-found-note.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";

/** The category the URL names (blog.categories.slug): its texts and its articles as cards. */
export function CategoryOverviewDefault({ record }: VariantProps) {
  const site = useSite();
  const category = currentRecord(site, "blog.categories.slug", "blog/widgets-to-categories", record.id);
  if (!category)
    return (
      <Section record={record}>
        <NotFoundNote />
      </Section>
    );
  const subtitle = text(category.subtitle, site.language);
  const description = text(category.description, site.language);
  const hasArticles = site.related("blog/categories-to-articles", category.id).length > 0;
  return (
    <Section record={record}>
      <Stack gap="xs" mb={40} className={classNameOf(category)} data-category={String(category.slug ?? "")}>
        <Title order={1} fz={{ base: 34, sm: 44 }} style={{ letterSpacing: "-0.02em" }}>
          {text(category.title, site.language)}
        </Title>
        {subtitle ? (
          <Text fz="xl" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
        {description ? (
          <Text maw={760} style={{ whiteSpace: "pre-line" }}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {hasArticles ? (
        <CardsGrid>
          <RelatedViews relationModel="blog/categories-to-articles" parentId={category.id} />
        </CardsGrid>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}
