import { Stack } from "../../render/primitives.js";
import { NotFoundNote } from "../../render/not-found-note.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { ProfileView } from "./profile-view.js";

/**
 * The profile of the subject the URL names (/rbac/subjects/{slug}/social/profile): the
 * rbac.subjects.slug segment → rbac/subjects-to-social-module-profiles → social/profiles.
 */
export function ProfileOverviewDefault({ record }: VariantProps) {
  const site = useSite();
  const subject = site.bySegment("rbac.subjects.slug");
  const profiles = subject ? site.related("rbac/subjects-to-social-module-profiles", subject.id) : [];
  return (
    <Section record={record}>
      {profiles.length ? (
        <Stack gap={56}>
          {profiles.map(({ relation, record: profile }) => (
            <ProfileView key={relation.id} profile={profile} />
          ))}
        </Stack>
      ) : (
        <NotFoundNote />
      )}
    </Section>
  );
}
