import { Container, SimpleGrid, Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import type { VariantProps } from "../../variant-types.js";
import { ProfileCard } from "./profile-card.js";
import { useRbac } from "./use-rbac.js";

export const SUBJECT_SEGMENT = "rbac.subjects.slug";
export const SUBJECT_PROFILES = "rbac/subjects-to-social-module-profiles";

/** /rbac/subjects/[rbac.subjects.slug]: the subject the URL names, with its social profiles. */
export function SubjectOverviewDefault({ record }: VariantProps) {
  const { site, t, language } = useRbac();
  const subject = site.bySegment(SUBJECT_SEGMENT);
  const heading = text(record.title, language) || t("subject");
  if (!subject) {
    return (
      <Container size="md" py="xl">
        <Text>{t("subjectNotFound")}</Text>
      </Container>
    );
  }
  // The relation is on the page only when the loader may show it; unloaded is not "none".
  const loaded = SUBJECT_PROFILES in site.data.relations;
  const profiles = site.related(SUBJECT_PROFILES, subject.id);
  return (
    <Container size="md" py="xl" data-subject={subject.id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {heading}
          </Text>
          <Title order={2}>{String(subject.slug ?? subject.id)}</Title>
        </Stack>
        {loaded && <Title order={3}>{t("profiles")}</Title>}
        {!loaded ? null : profiles.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("noProfiles")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {profiles.map(({ record: profile }) => (
              <ProfileCard key={profile.id} profile={profile} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
