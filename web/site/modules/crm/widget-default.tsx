import { Card, Stack } from "../../render/primitives.js";
import { useSite } from "../../render/use-site.js";
import { Section } from "../../render/section.js";
import { VariantView } from "../../render/variant-view.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** A contact section: heading, then its form (widgets-to-forms) in a card of reading width. */
export function CrmWidgetDefault({ record }: VariantProps) {
  const site = useSite();
  const forms = site.related("crm/widgets-to-forms", record.id);
  return (
    <Section record={record}>
      <Stack maw={640} mx="auto" gap={0}>
        <WidgetHeading record={record} />
        {forms.map(({ relation, record: form }) => (
          <Card key={relation.id} withBorder radius="lg" padding="xl" shadow="sm">
            <VariantView model="crm/forms" record={form} relation={relation} />
          </Card>
        ))}
      </Stack>
    </Section>
  );
}
