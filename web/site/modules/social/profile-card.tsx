import { Avatar } from "@mantine/core";
import { LinkButton } from "../../render/link-button.js";
import { Card, Group, Stack, Text, Title } from "../../render/primitives.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { LinkSubject } from "../../render/link-subject.js";

/** The page of a profile's subject, when the page loaded that subject: /rbac/subjects/{slug}/social/profile. */
export function profileHref(site: ReturnType<typeof useSite>, profileId: string): string | undefined {
  const subject = site.relatedParents("rbac/subjects-to-social-module-profiles", profileId)[0]?.record;
  return subject?.slug
    ? withLanguage(`/rbac/subjects/${encodeURIComponent(String(subject.slug))}/social/profile`, site.language)
    : undefined;
}

/** A profile card: initial avatar, name, subtitle, and a link to the profile page when known. */
export function ProfileCard({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const title = text(record.title, site.language) || String(record.slug ?? "");
  const subtitle = text(record.subtitle, site.language);
  const href = profileHref(site, record.id);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-profile-card="" h="100%">
      <Group wrap="nowrap" align="flex-start">
        <Avatar radius="xl" size="lg" color="indigo" name={title}>
          {title.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={3} fz="lg">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" fz="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {href ? (
        <Group mt="md">
          <LinkButton href={href} variant="light" size="sm">
            {t("more")}
            <LinkSubject>{title}</LinkSubject>
          </LinkButton>
        </Group>
      ) : null}
    </Card>
  );
}
