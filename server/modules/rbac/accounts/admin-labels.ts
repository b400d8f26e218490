import type { ModelQueries } from "../../../../engine/query/model-tables.js";

/**
 * What the admin's labeller (server/modules/admin/record-labels.ts) asks rbac of its records
 * beyond their fields: a subject (a person's account) is named by its sign-in email, which an
 * administrator recognises, not by its generated slug.
 */
export const accountLabelled = {
  subjects: (modelId: string) => modelId === "rbac/subjects",
};

/** Each subject's first email (the identity made first), one query for all of them. */
export async function subjectEmails(db: ModelQueries, subjectIds: readonly string[]): Promise<Map<string, string>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("rbac/subjects-to-identities as si")
    .innerJoin("rbac/identities as i", "i.id", "si.identityId")
    .select(["si.subjectId", "i.email"])
    .where("si.subjectId", "in", subjectIds)
    .where("i.email", "is not", null)
    .orderBy("i.createdAt", "desc")
    .execute();
  // Oldest last, so it is the one kept.
  return new Map(rows.map((r) => [r.subjectId, r.email!]));
}
