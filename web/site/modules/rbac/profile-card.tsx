import { Anchor } from "@mantine/core";
import { Card, Stack, Text, Title } from "../../render/primitives.js";
import type { Row } from "../../../../common/site/page-data.js";
import { text } from "../../../../common/i18n/text.js";
import { useRbac } from "./use-rbac.js";

/** A social profile: its title (a link to its subject's page when given), subtitle and description. */
export function ProfileCard({ profile, href }: { profile: Row; href?: string }) {
  const { language } = useRbac();
  const title = text(profile.title, language) || String(profile.slug ?? "");
  const subtitle = text(profile.subtitle, language);
  const description = text(profile.description, language);
  return (
    <Card withBorder radius="md" padding="md" data-profile={profile.id}>
      <Stack gap={4}>
        <Title order={4}>
          {href ? (
            <Anchor href={href} inherit>
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Title>
        {subtitle && <Text fw={500}>{subtitle}</Text>}
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
