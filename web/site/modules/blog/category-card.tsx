import { LinkButton } from "../../render/link-button.js";
import { Card, Group, Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { categoryHref } from "./links.js";
import { LinkSubject } from "../../render/link-subject.js";

/** A blog category card: title, subtitle and a 'More' button to its page. */
export function CategoryCard({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const subtitle = text(record.subtitle, site.language);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-category-card="" h="100%">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Title order={3} fz="xl">
          {text(record.title, site.language)}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      <Group mt="lg">
        <LinkButton href={categoryHref(record, site.language)} variant="default">
          {t("more")}
          <LinkSubject>{text(record.title, site.language)}</LinkSubject>
        </LinkButton>
      </Group>
    </Card>
  );
}
