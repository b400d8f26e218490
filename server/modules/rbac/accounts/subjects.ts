import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { StoredRecord } from "../../../../engine/query/stored-record.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";

/** A new subject with the roles open to self sign-up (roles.availableOnRegistration). */
export async function createSubject(
  repository: RepositoryLookup,
  db: ModelQueries,
): Promise<StoredRecord<"rbac/subjects">> {
  const subject = await repository("rbac/subjects").create({});
  await grantRegistrationRoles(repository, db, subject.id);
  return subject;
}

export async function grantRegistrationRoles(repository: RepositoryLookup, db: ModelQueries, subjectId: string) {
  const roles = await db.selectFrom("rbac/roles").select("id").where("availableOnRegistration", "=", true).execute();
  const held = await db
    .selectFrom("rbac/subjects-to-roles")
    .select("roleId")
    .where("subjectId", "=", subjectId)
    .execute();
  const have = new Set(held.map((r) => r.roleId));
  for (const role of roles)
    if (!have.has(role.id)) await repository("rbac/subjects-to-roles").create({ subjectId, roleId: role.id });
}

export async function grantRole(repository: RepositoryLookup, db: ModelQueries, subjectId: string, uid: string) {
  const role = await db.selectFrom("rbac/roles").select("id").where("uid", "=", uid).executeTakeFirstOrThrow();
  const held = await db
    .selectFrom("rbac/subjects-to-roles")
    .select("id")
    .where("subjectId", "=", subjectId)
    .where("roleId", "=", role.id)
    .executeTakeFirst();
  if (!held) await repository("rbac/subjects-to-roles").create({ subjectId, roleId: role.id });
}

/**
 * Records that the subject has (or had) an identity: once marked it is never a new subject again
 * (see isNewSubject). Called wherever an identity is linked or signed in with; the first time
 * stays.
 */
export async function markIdentified(db: ModelQueries, subjectId: string) {
  await db
    .updateTable("rbac/subjects")
    .set({ identifiedAt: new Date() })
    .where("id", "=", subjectId)
    .where("identifiedAt", "is", null)
    .execute();
}

/**
 * A subject made by authentication/init that never had an identity: it has no account to take,
 * so it may add its first sign-in method without proof, and sign-up may adopt it. A subject that
 * lost its identities (deleted by an administrator) is not new: without that memory a stolen
 * session could give it the thief's email.
 */
export async function isNewSubject(db: ModelQueries, subjectId: string): Promise<boolean> {
  const subject = await db
    .selectFrom("rbac/subjects")
    .select("identifiedAt")
    .where("id", "=", subjectId)
    .executeTakeFirst();
  return !!subject && subject.identifiedAt === null && (await identityIdsOf(db, subjectId)).length === 0;
}

/** The identity ids of a subject. */
export async function identityIdsOf(db: ModelQueries, subjectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("rbac/subjects-to-identities")
    .select("identityId")
    .where("subjectId", "=", subjectId)
    .execute();
  return rows.map((r) => r.identityId);
}

/** A subject's identities as the API shows them (no hidden fields). */
export async function identitiesOf(
  db: ModelQueries,
  identities: Repository<StoredRecord<"rbac/identities">>,
  subjectId: string,
): Promise<StoredRecord<"rbac/identities">[]> {
  return identities.listByIds(await identityIdsOf(db, subjectId));
}

/** The subject's roles as the user menu shows them. */
export async function rolesOf(
  db: ModelQueries,
  subjectId: string,
): Promise<Pick<StoredRecord<"rbac/roles">, "id" | "uid" | "title">[]> {
  return db
    .selectFrom("rbac/subjects-to-roles as sr")
    .innerJoin("rbac/roles as r", "r.id", "sr.roleId")
    .select(["r.id", "r.uid", "r.title"])
    .where("sr.subjectId", "=", subjectId)
    .orderBy("r.uid")
    .execute();
}
