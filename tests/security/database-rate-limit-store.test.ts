import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseRateLimitStore } from "../../server/security/database-rate-limit-store.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-app.js";

// The store that counts request limits in the database (server/security/database-rate-limit-store.ts),
// driven as @fastify/rate-limit drives it: a child per route, incr per request. The same SQL runs
// on both databases; the app uses it on the PostgreSQL server.
describe("the database rate-limit store", () => {
  let test_: TestDatabase;
  beforeAll(async () => {
    test_ = await openTestDatabase({ from: "migrated" });
  });
  afterAll(() => test_?.drop());

  type Store = InstanceType<ReturnType<typeof databaseRateLimitStore>>;
  const route = (store: Store, method: string, url: string) => store.child({ routeInfo: { method, url } });
  const hit = (store: Store, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, window) => (error ? reject(error) : resolve(window!)), windowMs),
    );
  const read = (store: Store, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.read(key, (error, window) => (error ? reject(error) : resolve(window!))),
    );
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const keys = async () =>
    (await sql<{ key: string }>`SELECT key FROM rate_limit_windows`.execute(test_.database.db)).rows.map((r) => r.key);

  test("counts a key's hits in its window, and says how long the window has left", async () => {
    const signIn = route(new (databaseRateLimitStore(test_.database))(), "POST", "/sign-in");
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await hit(signIn, "198.51.100.1", 60_000)).current);
    expect(counts).toEqual([1, 2, 3]);
    const { ttl } = await hit(signIn, "198.51.100.1", 60_000);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Reading does not count.
    expect((await read(signIn, "198.51.100.1")).current).toBe(4);
    expect((await read(signIn, "198.51.100.1")).current).toBe(4);
  });

  test.each([
    ["another client", "POST", "/sign-in", "198.51.100.2"],
    ["another route", "POST", "/sign-up", "198.51.100.1"],
    ["another method", "GET", "/sign-in", "198.51.100.1"],
  ])("counts %s apart", async (_, method, url, key) => {
    const Store = databaseRateLimitStore(test_.database);
    await hit(route(new Store(), "POST", "/sign-in"), "198.51.100.1", 60_000);
    expect((await hit(route(new Store(), method, url), key, 60_000)).current).toBe(1);
  });

  test("starts a window again once it has ended, and deletes ended windows now and then", async () => {
    const Store = databaseRateLimitStore(test_.database, 0);
    const search = route(new Store(), "GET", "/search");
    expect((await hit(search, "198.51.100.3", 300)).current).toBe(1);
    expect((await hit(search, "198.51.100.3", 300)).current).toBe(2);
    await wait(400);
    expect(await read(search, "198.51.100.3")).toEqual({ current: 0, ttl: 0 });
    await hit(route(new Store(), "GET", "/other"), "198.51.100.4", 100);
    await wait(200);
    expect(await keys()).toContain("GET /other 198.51.100.4");
    // A hit purges first (every 0 ms here, else once a minute), without waiting for it: the ended
    // window of /other goes; the one counted is started again from 1.
    expect((await hit(search, "198.51.100.3", 300)).current).toBe(1);
    await expect.poll(keys).not.toContain("GET /other 198.51.100.4");
    expect(await keys()).toContain("GET /search 198.51.100.3");
  });

  test("refuses the windows it does not keep", () => {
    const store = new (databaseRateLimitStore(test_.database))();
    expect(() => store.child({ routeInfo: { method: "POST", url: "/x" }, exponentialBackoff: true })).toThrow(
      /fixed windows only/,
    );
  });
});
