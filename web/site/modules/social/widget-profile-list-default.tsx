import { CardsGrid } from "../../render/cards-grid.js";
import { EmptyNote } from "../../render/empty-note.js";
import { PlacedList } from "../../render/placed-list.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** Profile cards of the community, newest first (the list the loader reads for this variant). */
export function ProfileListDefault({ record }: VariantProps) {
  const site = useSite();
  const profiles = site.list("social/profiles").map((profile) => ({ key: profile.id, record: profile }));
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      {profiles.length ? (
        <CardsGrid>
          <PlacedList model="social/profiles" items={profiles} />
        </CardsGrid>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}
