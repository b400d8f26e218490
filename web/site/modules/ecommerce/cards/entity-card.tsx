import { LinkButton } from "../../../render/link-button.js";
import { Card, Group, Stack, Text, Title } from "../../../render/primitives.js";
import type { Row } from "../../../../../common/site/page-data.js";
import { text } from "../../../../../common/i18n/text.js";
import { classNameOf } from "../../../render/class-name.js";
import { useSite, useUiText } from "../../../render/use-site.js";
import { LinkSubject } from "../../../render/link-subject.js";

/** A store or category card: title, short description (or subtitle) and a 'More' link. */
export function EntityCard({ record, href, marker }: { record: Row; href: string; marker: string }) {
  const site = useSite();
  const t = useUiText();
  const blurb = text(record.shortDescription, site.language) || text(record.subtitle, site.language);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} h="100%" {...{ [marker]: "" }}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Title order={3} fz="xl">
          {text(record.title, site.language)}
        </Title>
        {blurb ? <Text c="dimmed">{blurb}</Text> : null}
      </Stack>
      <Group mt="lg">
        <LinkButton href={href} variant="default">
          {t("more")}
          <LinkSubject>{text(record.title, site.language)}</LinkSubject>
        </LinkButton>
      </Group>
    </Card>
  );
}
