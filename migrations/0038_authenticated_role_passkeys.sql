-- 0038_authenticated_role_passkeys: a data migration, written by hand (not generated).
-- The `authenticated` role's defaults gained * /api/rbac/subjects/{self}/passkeys/** (a subject's
-- own passkeys: list, register, rename, remove). Defaults are seeded only when a role is created,
-- so a database seeded before gets it here, once (the journal keeps this from running again: an
-- admin who deletes it later keeps it deleted). A fresh database has no roles yet when migrations
-- run: seeding then makes the role with all its defaults, and this does nothing. Rows as
-- seedPermissions writes them (same slug, titles, type).
INSERT INTO "rbac_permissions" ("adminTitle", "slug", "title", "method", "path", "type")
SELECT d."name", d."slug", jsonb_build_object('en', d."name", 'ru', d."name"), d."method", d."path", 'HTTP'
FROM (VALUES
  ('authenticated-any-api-rbac-subjects-self-passkeys-554ace', '*', '/api/rbac/subjects/{self}/passkeys/**', 'authenticated * /api/rbac/subjects/{self}/passkeys/**')
) AS d("slug", "method", "path", "name")
WHERE EXISTS (SELECT 1 FROM "rbac_roles" r WHERE r."uid" = 'authenticated')
  AND NOT EXISTS (SELECT 1 FROM "rbac_permissions" p WHERE p."slug" = d."slug")
  AND NOT EXISTS (
    SELECT 1 FROM "rbac_roles_to_permissions" rp
    JOIN "rbac_roles" r ON r."id" = rp."roleId"
    JOIN "rbac_permissions" p ON p."id" = rp."permissionId"
    WHERE r."uid" = 'authenticated' AND p."method" = d."method" AND p."path" = d."path"
  )
--> statement-breakpoint
-- Linked after the role's last permission, unless the role already has one for that method and path.
INSERT INTO "rbac_roles_to_permissions" ("roleId", "permissionId", "orderIndex")
SELECT r."id", p."id",
  COALESCE((SELECT max(rp."orderIndex") FROM "rbac_roles_to_permissions" rp WHERE rp."roleId" = r."id"), -1) + row_number() OVER (ORDER BY d."position")
FROM (VALUES
  (1, 'authenticated-any-api-rbac-subjects-self-passkeys-554ace', '*', '/api/rbac/subjects/{self}/passkeys/**')
) AS d("position", "slug", "method", "path")
JOIN "rbac_roles" r ON r."uid" = 'authenticated'
JOIN "rbac_permissions" p ON p."slug" = d."slug" AND p."method" = d."method" AND p."path" = d."path"
WHERE NOT EXISTS (
  SELECT 1 FROM "rbac_roles_to_permissions" rp
  JOIN "rbac_permissions" q ON q."id" = rp."permissionId"
  WHERE rp."roleId" = r."id" AND q."method" = d."method" AND q."path" = d."path"
)
