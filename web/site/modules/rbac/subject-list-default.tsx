import { Container, SimpleGrid, Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import type { VariantProps } from "../../variant-types.js";
import { ProfileCard } from "./profile-card.js";
import { SUBJECTS } from "./routes.js";
import { SUBJECT_PROFILES } from "./subject-overview-default.js";
import { useRbac } from "./use-rbac.js";

/** The subjects' social profiles, each linking to its subject's page when the subject was loaded. */
export function SubjectListDefault({ record }: VariantProps) {
  const { site, t, language, href } = useRbac();
  const profiles = site.list("social/profiles");
  const heading = text(record.title, language) || t("subjects");
  const subjectHref = (profileId: string) => {
    const subject = site.relatedParents(SUBJECT_PROFILES, profileId)[0]?.record;
    return subject?.slug ? href(`${SUBJECTS}/${encodeURIComponent(String(subject.slug))}`) : undefined;
  };
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={2}>{heading}</Title>
        {profiles.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("noSubjects")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {profiles.map((profile) => (
              <ProfileCard key={profile.id} profile={profile} href={subjectHref(profile.id)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
