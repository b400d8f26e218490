import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { defaultRoles, IMPLICIT_ROLES } from "../../server/modules/rbac/permissions/default-permissions.js";
import { createTestApp, openTestDatabase, testDialect, type TestApp, type TestDatabase } from "../helpers/test-app.js";
import { PASSWORD, as, register } from "./helpers.js";

// Defaults are seeded only when a role is created, so a permission added to a role's defaults in
// a later version reaches a database seeded before through a data migration, applied once: an
// admin's deletions (of older defaults, or of the added ones after the upgrade) stay deleted.
const MIGRATION = "0013_authenticated_role_plural_identity_paths";
const ADDED: [method: string, path: string][] = [
  ["PATCH", "/api/rbac/identities/*/change-password"],
  ["POST", "/api/rbac/identities/email-and-password"],
];
/** An older default of the same role, which an admin deleted on purpose. */
const OLDER: [method: string, path: string] = ["PATCH", "/api/rbac/identity/*/change-password"];
const key = ([method, path]: [string, string]) => `${method} ${path}`;

/** The `authenticated` role's permissions as stored, in their order. */
async function authenticatedPermissions(t: TestApp) {
  return t.database.db
    .selectFrom("rbac_roles_to_permissions as rp")
    .innerJoin("rbac_roles as r", "r.id", "rp.roleId")
    .innerJoin("rbac_permissions as p", "p.id", "rp.permissionId")
    .select(["p.id", "p.slug", "p.adminTitle", "p.title", "p.method", "p.path", "p.type", "rp.orderIndex"])
    .where("r.uid", "=", IMPLICIT_ROLES.signedIn)
    .orderBy("rp.orderIndex")
    .execute();
}

/** What an admin's delete of a permission leaves: neither the record nor its link to the role. */
async function deletePermission(t: TestApp, [method, path]: [string, string]) {
  const ids = (
    await t.database.db
      .selectFrom("rbac_permissions")
      .select("id")
      .where("method", "=", method)
      .where("path", "=", path)
      .execute()
  ).map((r) => r.id);
  expect(ids.length).toBeGreaterThan(0);
  await t.database.db.deleteFrom("rbac_roles_to_permissions").where("permissionId", "in", ids).execute();
  await t.database.db.deleteFrom("rbac_permissions").where("id", "in", ids).execute();
}

const journaled = async (t: TestApp) =>
  (await t.database.db.selectFrom("_migrations").select("id").where("id", "=", MIGRATION).execute()).length;

describe(`permissions added to the defaults reach a database seeded before them, once, on ${testDialect}`, () => {
  let database: TestDatabase;
  let app: TestApp | undefined;
  /** The two rows as seeding writes them into a fresh database. */
  let seeded: Awaited<ReturnType<typeof authenticatedPermissions>>;
  const start = async () => {
    await app?.close();
    app = await createTestApp({}, { database });
    return app;
  };
  beforeAll(async () => void (database = await openTestDatabase()));
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  test("a fresh database: the role has exactly its defaults, each once, and the migration is journaled (it found no role to add to)", async () => {
    const t = await start();
    const stored = await authenticatedPermissions(t);
    const defaults = defaultRoles.find((r) => r.uid === IMPLICIT_ROLES.signedIn)!.permissions;
    expect(stored.map((p) => key([p.method, p.path!]))).toEqual(defaults.map(key));
    expect(stored.map((p) => p.orderIndex)).toEqual(defaults.map((_, i) => i));
    expect(await journaled(t)).toBe(1);
    seeded = stored.filter((p) => ADDED.some((a) => key(a) === key([p.method, p.path!])));
    expect(seeded).toHaveLength(2);
  });

  test("seeded before the two were defaults (an older one deleted by an admin): the next start adds the two, as seeding would, and not the deleted one", async () => {
    let t = app!;
    // The database as the version before left it: the migration not applied, the two never seeded.
    for (const permission of [...ADDED, OLDER]) await deletePermission(t, permission);
    await t.database.db.deleteFrom("_migrations").where("id", "=", MIGRATION).execute();
    const before = await authenticatedPermissions(t);
    const last = Math.max(...before.map((p) => p.orderIndex));

    t = await start();
    const after = await authenticatedPermissions(t);
    expect(after.map((p) => key([p.method, p.path!]))).toEqual([
      ...before.map((p) => key([p.method, p.path!])),
      ...ADDED.map(key),
    ]);
    expect(after.slice(-2).map((p) => p.orderIndex)).toEqual([last + 1, last + 2]);
    const strip = ({ id: _, orderIndex: __, ...row }: (typeof after)[number]) => row;
    expect(after.slice(-2).map(strip)).toEqual(seeded.map(strip));
    expect(after.some((p) => key([p.method, p.path!]) === key(OLDER))).toBe(false);
    expect(await journaled(t)).toBe(1);

    // The client's plural path works for a subject again, and the deleted singular one does not.
    const ann = await register(t, "ann@example.com");
    const add = (url: string, email: string) =>
      as(
        t,
        ann,
      )({ method: "POST", url, payload: { data: { email, password: "second password", currentPassword: PASSWORD } } });
    expect((await add("/api/rbac/identities/email-and-password", "ann.work@example.com")).status).toBe(201);
    const [identity] = (await as(t, ann)({ method: "GET", url: `/api/rbac/subjects/${ann.subjectId}/identities` })).body
      .data;
    const change = (url: string) =>
      as(t, ann)({ method: "PATCH", url, payload: { password: PASSWORD, newPassword: "a brand new password" } });
    expect((await change(`/api/rbac/identity/${identity.id}/change-password`)).status).toBe(403);
    expect((await change(`/api/rbac/identities/${identity.id}/change-password`)).status).toBe(200);
  });

  test("an added permission the admin deletes after the upgrade stays deleted on later starts", async () => {
    let t = app!;
    await deletePermission(t, ADDED[1]!);
    const before = await authenticatedPermissions(t);
    t = await start();
    expect(await authenticatedPermissions(t)).toEqual(before);
  });
});
