import { Avatar } from "@mantine/core";
import { Group, Stack, Text, Title } from "../../render/primitives.js";
import type { Row } from "../../../../common/site/page-data.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";

/** A profile page: large avatar and name, subtitle, description, then the profile's own widgets. */
export function ProfileView({ profile }: { profile: Row }) {
  const site = useSite();
  const title = text(profile.title, site.language) || String(profile.slug ?? "");
  const subtitle = text(profile.subtitle, site.language);
  const description = text(profile.description, site.language);
  return (
    <Stack gap="xl" className={classNameOf(profile)} data-profile={String(profile.slug ?? "")}>
      <Group gap="lg" wrap="nowrap">
        <Avatar radius={999} size={88} color="indigo" name={title}>
          {title.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 38 }}>
            {title}
          </Title>
          {subtitle ? (
            <Text fz="lg" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {description ? (
        <Text maw={760} style={{ whiteSpace: "pre-line" }}>
          {description}
        </Text>
      ) : null}
      <RelatedViews relationModel="social/profiles-to-website-builder-module-widgets" parentId={profile.id} />
    </Stack>
  );
}
