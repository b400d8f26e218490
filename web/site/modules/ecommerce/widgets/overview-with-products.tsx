import { Stack, Text, Title } from "../../../render/primitives.js";
import { text } from "../../../../../common/i18n/text.js";
import { CardsGrid } from "../../../render/cards-grid.js";
import { classNameOf } from "../../../render/class-name.js";
import { currentRecord } from "../../../render/current-record.js";
import { EmptyNote } from "../../../render/empty-note.js";
import { NotFoundNote } from "../../../render/not-found-note.js";
import { Section } from "../../../render/section.js";
import { SiteRichText } from "../../../render/site-rich-text.js";
import { useSite } from "../../../render/use-site.js";
import { RelatedViews } from "../../../render/variant-view.js";
import type { Variant, VariantProps } from "../../../variant-types.js";

interface Options {
  segment: string;
  widgetRelation: string;
  productsRelation: string;
  name: string;
}

/** A store or category page: the record the URL names, its texts, then its products as cards. */
export function overviewWithProducts({ segment, widgetRelation, productsRelation, name }: Options): Variant {
  function Overview({ record }: VariantProps) {
    const site = useSite();
    const current = currentRecord(site, segment, widgetRelation, record.id);
    if (!current)
      return (
        <Section record={record}>
          <NotFoundNote />
        </Section>
      );
    const blurb = text(current.shortDescription, site.language) || text(current.subtitle, site.language);
    const hasProducts = site.related(productsRelation, current.id).length > 0;
    return (
      <Section record={record}>
        <Stack gap="sm" mb={40} maw={820} className={classNameOf(current)} data-overview={String(current.slug ?? "")}>
          <Title order={1} fz={{ base: 32, sm: 44 }} style={{ letterSpacing: "-0.02em" }}>
            {text(current.title, site.language)}
          </Title>
          {blurb ? (
            <Text fz="xl" c="dimmed">
              {blurb}
            </Text>
          ) : null}
          <SiteRichText record={current} />
        </Stack>
        {hasProducts ? (
          <CardsGrid>
            <RelatedViews relationModel={productsRelation} parentId={current.id} />
          </CardsGrid>
        ) : (
          <EmptyNote />
        )}
      </Section>
    );
  }
  Overview.displayName = name;
  return Overview;
}
