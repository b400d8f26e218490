import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { AUDIT_TEXT_MAX, HIDDEN_MARK, SHORTENED_MARK, shortenedChanges } from "../../engine/audit/audit-changes.js";
import { AUDIT_PURGE_JOB } from "../../server/modules/admin/audit/audit-retention.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { importFile } from "../transfer/transfer-helpers.js";
import { AUTH, PASSWORD, bearer, register, subjectOf, type SignedIn } from "../rbac/helpers.js";
import type { AuditRow } from "../../server/modules/admin/audit/audit-rows.js";

// The audit log (docs/audit.md): every write path leaves its entry with who, how and what changed,
// in the write's own statement or transaction; the log is read by administrators only.

const CATEGORIES = "blog/categories";
const ARTICLES = "blog/articles";
let t: TestApp;
let admin: SignedIn;

/** An entry as the route answers it, its changes read as [before, after]. */
type Entry = Omit<AuditRow, "changes"> & { changes: Record<string, [unknown, unknown]> | null };

/** The entries the log answers for these filters (the secret key reads it), newest first. */
async function entries(filters: Record<string, string>): Promise<Entry[]> {
  const query = new URLSearchParams({ limit: "500", ...filters });
  const response = await t.request({ method: "GET", url: `/api/admin/audit?${query}` });
  expect(response.status).toBe(200);
  return response.body.data;
}

const asAdmin = (options: Parameters<TestApp["request"]>[0]) =>
  t.request({
    ...options,
    key: null,
    headers: { ...bearer(admin.jwt), "user-agent": "audit-test", ...options.headers },
  });

beforeAll(async () => {
  t = await createTestApp({ drafts: true });
  // The first admin, made as /admin's setup screen makes it: recorded as the setup and a sign-in.
  const code = t.app.rbac.firstAdmin.setupCode!;
  const made = await t.request({
    method: "POST",
    url: `${AUTH}/first-admin`,
    key: null,
    payload: { code, login: "admin@example.com", password: PASSWORD },
  });
  expect(made.status).toBe(201);
  admin = { subjectId: subjectOf(made.body.data.jwt), ...made.body.data };
}, 180_000);
afterAll(() => t?.close());

describe("what a write records", () => {
  it("records the first admin's setup and its sign-in", async () => {
    const setup = await entries({ action: "first-admin-setup" });
    expect(setup).toMatchObject([{ recordId: admin.subjectId, model: "rbac/subjects", via: "anonymous" }]);
    const [signIn] = await entries({ action: "sign-in", record: admin.subjectId });
    expect(signIn).toMatchObject({
      subjectId: admin.subjectId,
      via: "session",
      changes: { method: [null, "first-admin"] },
    });
  });

  it("records a create, update and delete with who, how, from where and the fields before and after", async () => {
    const created = await asAdmin({
      method: "POST",
      url: `/api/${CATEGORIES}`,
      payload: { data: { title: { en: "Old" } } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const long = "x".repeat(AUDIT_TEXT_MAX + 100);
    expect(
      (await asAdmin({ method: "PATCH", url: `/api/${CATEGORIES}/${id}`, payload: { data: { title: { en: long } } } }))
        .status,
    ).toBe(200);
    expect((await asAdmin({ method: "DELETE", url: `/api/${CATEGORIES}/${id}` })).status).toBe(200);
    const log = await entries({ record: id });
    expect(log.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    for (const entry of log)
      expect(entry).toMatchObject({
        subjectId: admin.subjectId,
        who: "admin@example.com",
        via: "session",
        apiKeyId: null,
        model: CATEGORIES,
        modelTitle: t.app.registry.get(CATEGORIES).title,
        userAgent: "audit-test",
      });
    expect(log[2]!.address).toBeTruthy();
    const [deleted, updated, made] = log;
    expect(made!.changes!.title).toEqual([null, { en: "Old" }]);
    // A create lists what it wrote (the title sent, the slug and admin title made from it), not the table's
    // own column defaults, which no one set.
    expect(Object.keys(made!.changes!).sort()).toEqual(["adminTitle", "slug", "title"]);
    // Only what changed, and a long text shortened with its mark.
    expect(Object.keys(updated!.changes!)).toEqual(["title"]);
    const after = (updated!.changes!.title![1] as { en: string }).en;
    expect(after).toBe(`${"x".repeat(AUDIT_TEXT_MAX)}${SHORTENED_MARK}`);
    expect(deleted!.changes!.title).toEqual([{ en: after }, null]);
  });

  it("names the secret key and an API key as how a write was made", async () => {
    const byKey = await t.request({
      method: "POST",
      url: `/api/${CATEGORIES}`,
      payload: { data: { title: { en: "Key" } } },
    });
    expect((await entries({ record: byKey.body.data.id }))[0]).toMatchObject({ via: "secret-key", subjectId: null });

    const made = await asAdmin({
      method: "POST",
      url: `/api/rbac/subjects/${admin.subjectId}/api-keys`,
      payload: { data: { title: "Script", scopes: ["write"] } },
    });
    expect(made.status).toBe(201);
    const keyEntry = (await entries({ model: "rbac/api-keys", record: made.body.data.id }))[0]!;
    expect(keyEntry).toMatchObject({
      action: "create",
      subjectId: admin.subjectId,
      changes: { title: [null, "Script"] },
    });
    expect(JSON.stringify(keyEntry.changes)).not.toContain(made.body.data.key);
    const byApiKey = await t.request({
      method: "POST",
      url: `/api/${CATEGORIES}`,
      key: null,
      headers: bearer(made.body.data.key),
      payload: { data: { title: { en: "Api" } } },
    });
    expect(byApiKey.status).toBe(201);
    expect((await entries({ record: byApiKey.body.data.id }))[0]).toMatchObject({
      via: "api-key",
      subjectId: admin.subjectId,
      apiKeyId: made.body.data.id,
    });
    const revoked = await asAdmin({
      method: "DELETE",
      url: `/api/rbac/subjects/${admin.subjectId}/api-keys/${made.body.data.id}`,
    });
    expect(revoked.status).toBeLessThan(300);
    expect((await entries({ model: "rbac/api-keys", record: made.body.data.id }))[0]!.action).toBe("revoke");
  });

  const long = "x".repeat(AUDIT_TEXT_MAX + 20);
  const cut = `${"x".repeat(AUDIT_TEXT_MAX)}${SHORTENED_MARK}`;
  const falses = Array.from({ length: 90 }, () => false);
  it.each([
    [
      "short values as they are",
      { title: [null, { en: "a" }], stock: [1, 2] },
      { title: [null, { en: "a" }], stock: [1, 2] },
    ],
    ["a long text, cut with its mark", { description: ["short", long] }, { description: ["short", cut] }],
    [
      "a language map's long text, the other language kept",
      { title: [{ en: long, ru: "кратко" }, null] },
      { title: [{ en: cut, ru: "кратко" }, null] },
    ],
    // 90 falses are 629 characters as text in fewer than half as many bytes of jsonb: still cut.
    [
      "a long list as its cut text",
      { tags: [[], falses] },
      { tags: [[], `${JSON.stringify(falses).replaceAll(",", ", ").slice(0, AUDIT_TEXT_MAX)}${SHORTENED_MARK}`] },
    ],
  ])("keeps in an entry's changes %s", async (_case, changes, kept) => {
    const { rows } = await sql<{
      c: unknown;
    }>`SELECT ${shortenedChanges(sql`${JSON.stringify(changes)}::jsonb`)} AS c`.execute(t.database.db);
    expect(rows[0]!.c).toEqual(kept);
  });

  it("masks hidden fields and records sign-ins and failed sign-ins", async () => {
    const person = await register(t, "person@example.com");
    // The newest identity made is the registration's: its password is never in the entry.
    const [identity] = await entries({ model: "rbac/identities", action: "create" });
    expect(identity?.changes?.password).toEqual([null, HIDDEN_MARK]);
    expect(JSON.stringify(identity)).not.toContain(PASSWORD);
    expect((await entries({ action: "sign-in", record: person.subjectId }))[0]!.changes).toEqual({
      method: [null, "registration"],
    });
    const wrong = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      payload: { login: "person@example.com", password: "not the password" },
    });
    expect(wrong.status).toBe(401);
    const [failed] = await entries({ action: "sign-in-failed" });
    expect(failed).toMatchObject({
      via: "anonymous",
      changes: { method: [null, "password"], login: [null, "person@example.com"] },
    });
    const right = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      payload: { login: "person@example.com", password: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect((await entries({ action: "sign-in", record: person.subjectId }))[0]!.changes).toEqual({
      method: [null, "password"],
    });
  });

  it("records role and permission changes", async () => {
    const role = await asAdmin({
      method: "POST",
      url: "/api/rbac/roles",
      payload: { data: { uid: "auditor", title: "Auditor" } },
    });
    expect(role.status).toBe(201);
    const [entry] = await entries({ model: "rbac/roles", record: role.body.data.id });
    expect(entry).toMatchObject({ action: "create", subjectId: admin.subjectId, changes: { uid: [null, "auditor"] } });
  });

  it("records bulk writes and imports, and a rolled-back one leaves no entry", async () => {
    const bulk = await t.request({
      method: "POST",
      url: `/api/${CATEGORIES}/bulk`,
      payload: { data: [{ title: { en: "Bulk one" } }, { title: { en: "Bulk two" } }] },
    });
    expect(bulk.status).toBe(201);
    for (const row of bulk.body.data)
      expect((await entries({ record: row.id })).map((e) => e.action)).toEqual(["create"]);

    const before = (await entries({ model: CATEGORIES })).length;
    // The second row takes the first's slug: the whole bulk write rolls back, entries too.
    const refused = await t.request({
      method: "POST",
      url: `/api/${CATEGORIES}/bulk`,
      payload: {
        data: [
          { title: { en: "Fine" }, slug: "same-slug" },
          { title: { en: "Clash" }, slug: "same-slug" },
        ],
      },
    });
    expect(refused.status).toBe(409);
    const refusedImport = await importFile(
      t,
      CATEGORIES,
      JSON.stringify([
        { title: { en: "Imported" }, slug: "dup" },
        { title: { en: "Again" }, slug: "dup" },
      ]),
      "categories.json",
    );
    expect(refusedImport.status).toBeGreaterThanOrEqual(400);
    expect((await entries({ model: CATEGORIES })).length).toBe(before);

    const imported = await importFile(
      t,
      CATEGORIES,
      JSON.stringify([{ title: { en: "Imported" } }]),
      "categories.json",
    );
    expect(imported.status).toBe(200);
    expect(await entries({ model: CATEGORIES })).toHaveLength(before + 1);
  });

  it("records publish, unpublish, schedule and restore of a drafted record", async () => {
    const article = await asAdmin({
      method: "POST",
      url: `/api/${ARTICLES}`,
      payload: { data: { title: { en: "Draft" } } },
    });
    expect(article.status).toBe(201);
    const id = article.body.data.id;
    expect((await asAdmin({ method: "POST", url: `/api/${ARTICLES}/${id}/publish` })).status).toBe(200);
    expect(
      (await asAdmin({ method: "PATCH", url: `/api/${ARTICLES}/${id}`, payload: { data: { title: { en: "Saved" } } } }))
        .status,
    ).toBe(200);
    expect((await asAdmin({ method: "POST", url: `/api/${ARTICLES}/${id}/unpublish` })).status).toBe(200);
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await asAdmin({ method: "PUT", url: `/api/${ARTICLES}/${id}/schedule`, payload: { data: { publishAt } } }))
        .status,
    ).toBe(200);
    const versions = await asAdmin({ method: "GET", url: `/api/${ARTICLES}/${id}/versions` });
    const first = versions.body.data.at(-1).id;
    expect((await asAdmin({ method: "POST", url: `/api/${ARTICLES}/${id}/versions/${first}/restore` })).status).toBe(
      200,
    );
    const log = await entries({ record: id });
    // A restore writes the working copy back itself: one entry, the version it restored.
    expect(log.map((e) => e.action)).toEqual(["restore", "schedule", "unpublish", "update", "publish", "create"]);
    for (const action of ["create", "publish", "update", "unpublish", "schedule", "restore"])
      expect(
        log.find((e) => e.action === action),
        action,
      ).toMatchObject({ subjectId: admin.subjectId, via: "session" });
    expect(log.find((e) => e.action === "schedule")!.changes).toMatchObject({ publishAt: [null, expect.any(String)] });
    expect(log.find((e) => e.action === "update")!.changes!.title).toEqual([{ en: "Draft" }, { en: "Saved" }]);
  });

  it("records an update with the rows written in its statement (a checkout's orders and their invoice)", async () => {
    const repository = t.app.repositories.get(CATEGORIES)!;
    const record = await repository.create({ title: { en: "Many" } });
    const [updated] = await repository.updateManyWith([record.id], { title: { en: "Many changed" } }, [
      { repository, rows: [{ title: { en: "Made with it" }, slug: "made-with-it" }] },
    ]);
    expect(updated!.title).toEqual({ en: "Many changed" });
    expect((await entries({ record: record.id }))[0]!.changes!.title).toEqual([{ en: "Many" }, { en: "Many changed" }]);
    const made = (await entries({ model: CATEGORIES, action: "create" })).find(
      (e) => (e.changes?.slug as unknown[] | undefined)?.[1] === "made-with-it",
    );
    expect(made).toMatchObject({ via: "system" });
  });

  it("records the shop's housekeeping: old carts cleared are deletes by whoever asked", async () => {
    const orders = t.app.repositories.get("ecommerce/orders")!;
    const [old, fresh] = [
      await orders.create({ type: "cart", status: "new" }),
      await orders.create({ type: "cart", status: "new" }),
    ];
    await t.database.db
      .updateTable("ecommerce_orders" as any)
      .set({ updatedAt: new Date(Date.now() - 400 * 86_400_000).toISOString() } as any)
      .where("id", "=", old.id)
      .execute();
    const cleared = await t.request({ method: "POST", url: "/api/ecommerce/orders/clear-old-orders" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.deleted).toBeGreaterThanOrEqual(1);
    expect((await entries({ record: old.id }))[0]).toMatchObject({ action: "delete", via: "secret-key" });
    expect((await entries({ record: fresh.id })).map((e) => e.action)).toEqual(["create"]);
  });

  it("records publishing everything at once (the demo's seed) as one publish with its counts", async () => {
    await t.app.repositories.get(ARTICLES)!.create({ title: { en: "Seeded" } });
    await t.app.drafts.publishAll();
    const [entry] = await entries({ action: "publish" });
    expect(entry).toMatchObject({ via: "system", model: null, recordId: null });
    expect((entry!.changes!.published![1] as Record<string, number>)[ARTICLES]).toBeGreaterThanOrEqual(1);
  });

  it("records a job's writes as the system's", async () => {
    await t.app.repositories.get(CATEGORIES)!.create({ title: { en: "By the server" } });
    const [entry] = await entries({ model: CATEGORIES, action: "create" });
    expect(entry).toMatchObject({ via: "system", subjectId: null, address: null });
  });
});

describe("reading the log", () => {
  it("filters by who, model, record, action and time, and pages with the lists' cursor", async () => {
    for (const n of [1, 2, 3, 4, 5])
      await asAdmin({ method: "POST", url: `/api/${CATEGORIES}`, payload: { data: { title: { en: `Page ${n}` } } } });
    const all = await entries({ model: CATEGORIES, who: admin.subjectId, action: "create" });
    expect(all.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let url = `/api/admin/audit?model=${CATEGORIES}&who=${admin.subjectId}&action=create&limit=2`;
    for (;;) {
      const page = await t.request({ method: "GET", url });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((e: Entry) => e.id));
      if (!page.body.next) break;
      url = `/api/admin/audit?model=${CATEGORIES}&who=${admin.subjectId}&action=create&limit=2&after=${page.body.next}`;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await entries({ model: CATEGORIES, from: future })).toEqual([]);
    expect((await entries({ model: CATEGORIES, to: future })).length).toBeGreaterThan(0);
    const bad = await t.request({ method: "GET", url: "/api/admin/audit?after=forged.cursor" });
    expect(bad.status).toBe(400);
  });

  it("exports the same entries as CSV", async () => {
    const listed = await entries({ model: CATEGORIES, action: "create" });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/audit.csv?model=${CATEGORIES}&action=create`,
      headers: { "x-rbac-secret-key": "test-secret-key" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "createdAt,who,subjectId,via,apiKeyId,address,userAgent,model,modelTitle,recordId,action,changes",
    );
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines[1]).toContain(listed[0]!.recordId!);
  });

  it("is refused to anyone but administrators, whatever their permissions", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/audit", key: null })).status).toBe(401);
    const person = await register(t, "reader@example.com");
    const read = (url: string) => t.request({ method: "GET", url, key: null, headers: bearer(person.jwt) });
    expect((await read("/api/admin/audit")).status).toBe(403);
    // Even a permission an admin grants the signed-in role does not open it.
    const permission = await t.request({
      method: "POST",
      url: "/api/rbac/permissions",
      payload: { data: { method: "GET", path: "/api/admin/**", title: { en: "admin reads" } } },
    });
    expect(permission.status).toBe(201);
    const roles = await t.request({ method: "GET", url: "/api/rbac/roles?limit=100" });
    const signedIn = roles.body.data.find((r: { uid: string }) => r.uid === "authenticated");
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/rbac/roles-to-permissions",
          payload: { data: { roleId: signedIn.id, permissionId: permission.body.data.id } },
        })
      ).status,
    ).toBe(201);
    expect((await read("/api/admin/audit")).status).toBe(403);
    expect((await read("/api/admin/audit.csv")).status).toBe(403);
  });
});

describe("retention", () => {
  it("purges entries older than AUDIT_RETENTION_DAYS in its daily job, and queues the next run", async () => {
    const old = await t.request({
      method: "POST",
      url: `/api/${CATEGORIES}`,
      payload: { data: { title: { en: "Old" } } },
    });
    const id = old.body.data.id;
    await t.database.run(
      `UPDATE admin_audit_entries SET "createdAt" = now() - interval '400 days' WHERE "recordId" = $1`,
      [id],
    );
    const kept = (await entries({ model: CATEGORIES })).length;
    // The queued run made due now, as tomorrow comes.
    await t.database.run(`UPDATE notification_jobs SET "runAt" = now() WHERE kind = $1 AND status = 'queued'`, [
      AUDIT_PURGE_JOB,
    ]);
    t.app.notifications.wake();
    await t.app.notifications.flush();
    expect(await entries({ record: id })).toEqual([]);
    expect((await entries({ model: CATEGORIES })).length).toBe(kept - 1);
    const queued = await t.database.run<{ runAt: Date }>(
      `SELECT "runAt" FROM notification_jobs WHERE kind = $1 AND status = 'queued'`,
      [AUDIT_PURGE_JOB],
    );
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.runAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});
