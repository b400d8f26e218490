import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { buildWidgetPage } from "../../server/seed/widget-page.js";
import { SECRET } from "../helpers/test-app.js";

// Two instances over one PostgreSQL server, both starting on an empty database with demo content
// on: one writes it, the other sees it written. Then a record changed through the instance that
// never rendered the page drops the other's cached copy (LISTEN/NOTIFY). Server only.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("the site on several instances", () => {
  const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const config = { ...configFromEnv({}), rbacSecretKey: SECRET, logLevel: "silent", seedDemoContent: true };
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url, schema, poolSize: 4 }));
    // The first migrates; then both start together, each trying to seed the empty database.
    a = await composeApp({ ...config, seedDemoContent: false }, { database: databases[0], logger: false });
    await a.close();
    const both = await Promise.all(databases.map((database) => composeApp(config, { database, logger: false })));
    a = both[0]!;
    b = both[1]!;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(databases[0]!.db);
    for (const database of databases) await database.close();
  });

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };

  test("the demo content is written once when two instances start on an empty database", async () => {
    const urls = (await a.inject({ method: "GET", url: "/api/host/pages/urls?templates=true" }))
      .json()
      .data.map((p: any) => p.url);
    expect(urls).toContain("/");
    expect(new Set(urls).size).toBe(urls.length);
    const layouts = (await a.inject({ method: "GET", url: "/api/host/layouts/count" })).json().data;
    expect(layouts).toBe(1);
  });

  test("a change through one instance drops the other's cached page", async () => {
    const built = await runTransaction(databases[0]!, a.repositories, (repo) =>
      buildWidgetPage(repo, "/shared", 5, "Shared"),
    );
    // Drafts are on (the default): the page reaches visitors once published, through A.
    const published = await a.inject({
      method: "POST",
      url: `/api/host/pages/${built.pageId}/publish`,
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(published.statusCode).toBe(200);
    expect((await b.inject({ method: "GET", url: "/shared" })).headers["x-cache"]).toBe("MISS");
    // A's writes reach B's change feed a moment later; a render they overtake is not kept.
    expect(
      await until(async () => (await b.inject({ method: "GET", url: "/shared" })).headers["x-cache"] === "HIT"),
    ).toBe(true);
    // Instance A renders nothing; it changes a feature the page on B shows, through the API.
    const features = (
      await a.inject({
        method: "GET",
        url: "/api/website-builder/features?limit=1000",
        headers: { "x-rbac-secret-key": SECRET },
      })
    ).json().data;
    const links = (await b.inject({ method: "GET", url: "/api/website-builder/widgets-to-features?limit=1000" })).json()
      .data;
    const used = features.find((f: any) =>
      links.some((l: any) => l.featureId === f.id && built.widgetIds.includes(l.widgetId)),
    );
    const patched = await a.inject({
      method: "PATCH",
      url: `/api/website-builder/features/${used.id}?publish=true`,
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data: { title: { en: "Changed on A" } } },
    });
    expect(patched.statusCode).toBe(200);
    expect(
      await until(async () => (await b.inject({ method: "GET", url: "/shared" })).body.includes("Changed on A")),
    ).toBe(true);
  });
});
