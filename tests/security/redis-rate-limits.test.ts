import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { tcpRelay, type TcpRelay } from "../helpers/tcp-relay.js";
import { createTestApp, openTestDatabase, type TestApp } from "../helpers/test-app.js";
import { AUTH } from "../rbac/helpers.js";

// With REDIS_URL the request limits are counted in Redis (server/security/redis-limit-store.ts),
// whatever the database: apps using one Redis share each limit, each route counted apart under
// REDIS_KEY_PREFIX. Each describe has a prefix of its own, so files running at once on one Redis
// do not count each other's requests.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SIGN_IN = `${AUTH}/email-and-password/authentication`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 2_000 });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
// A developer's machine without Redis skips the file; CI has one, and there a missing one fails.
const skip = !process.env.CI && !(await redisAnswers());

const signIn = (app: FastifyInstance, address: string) =>
  app.inject({
    method: "POST",
    url: SIGN_IN,
    remoteAddress: address,
    payload: { login: "nobody@example.com", password: "not the password" },
  });
const search = (app: FastifyInstance, address: string) =>
  app.inject({ method: "GET", url: "/api/search?q=mug", remoteAddress: address });

describe.skipIf(skip)("request limits counted in Redis", () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis?.quit());

  /** A key prefix of the test's own, and its keys deleted when the test is done. */
  const prefixes: string[] = [];
  const newPrefix = () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    prefixes.push(prefix);
    return prefix;
  };
  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
  });
  const count = async (key: string) => Number(await redis.get(key));

  /**
   * The limits of the shared-database test (tests/security/shared-rate-limits.test.ts), over
   * `apps()` in turn, and what Redis holds after: a key per route and address, with its count.
   */
  function sharedLimitTests(apps: () => FastifyInstance[], prefix: () => string) {
    test("the 21st sign-in attempt from one address is refused, by whichever app; Redis holds the count", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await signIn(apps()[i % apps().length]!, "203.0.113.9")).statusCode);
      expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
      expect(statuses[20]).toBe(429);
      for (const app of apps()) expect((await signIn(app, "203.0.113.9")).statusCode).toBe(429);
      expect((await signIn(apps()[1]!, "203.0.113.10")).statusCode).not.toBe(429);

      const key = `${prefix()}rate-limit:POST${SIGN_IN}-203.0.113.9`;
      expect(await count(key)).toBe(21 + apps().length);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(60_000);
      expect(await count(`${prefix()}rate-limit:POST${SIGN_IN}-203.0.113.10`)).toBe(1);
    });

    test("the search's limit is counted apart from sign-in's, under a key of its route", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await search(apps()[i % apps().length]!, "203.0.113.9")).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      expect(await count(`${prefix()}rate-limit:GET/api/search-203.0.113.9`)).toBe(7);
    });
  }

  // Separate databases (each its own site, on the embedded database as on the server): only Redis
  // is common to them, so a limit they count together is counted there.
  describe("two apps of separate databases, one Redis and key prefix", () => {
    const prefix = newPrefix();
    const limits = { authRateLimit: 20, searchRateLimit: 6, redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    let apps: TestApp[] = [];
    beforeAll(async () => {
      apps = [await createTestApp(limits), await createTestApp(limits)];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
    });
    sharedLimitTests(
      () => apps.map((t) => t.app),
      () => prefix,
    );
  });

  // Three instances of one site on the PostgreSQL server, as in shared-rate-limits.test.ts: with
  // REDIS_URL the database's rate_limit_windows table is left empty.
  describe.skipIf(!serverUrl)("three instances over one PostgreSQL database", () => {
    const prefix = newPrefix();
    let instances: Instances;
    beforeAll(async () => {
      instances = await createInstances(3, {
        authRateLimit: 20,
        searchRateLimit: 6,
        redisUrl: REDIS_URL,
        redisKeyPrefix: prefix,
      });
    });
    afterAll(() => instances?.close());
    sharedLimitTests(
      () => instances.apps,
      () => prefix,
    );

    test("the database counted none of it", async () => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rate_limit_windows`.execute(
        instances.apps[0]!.database.db,
      );
      expect(rows[0]!.n).toBe(0);
    });
  });

  // What a site does without its Redis: it does not start (a wrong REDIS_URL is found at once),
  // and once running it keeps answering, uncounted, until Redis is back (docs/security.md).
  describe("a Redis that does not answer", () => {
    // A refused connection fails the start at once; one that never answers, after the connect timeout (5 s).
    test("stops the start, naming REDIS_URL", async () => {
      const closed = await closedPort();
      const database = await openTestDatabase({ from: "migrated" });
      try {
        await expect(
          createTestApp({ redisUrl: `redis://127.0.0.1:${closed}`, redisKeyPrefix: newPrefix() }, { database }),
        ).rejects.toThrow(new RegExp(`REDIS_URL: Redis at 127.0.0.1:${closed} does not answer`));
      } finally {
        await database.drop();
      }
    });

    test("that takes the connection but never answers stops the start too, and is not tried again", async () => {
      const { hostname, port } = new URL(REDIS_URL);
      const relay = await tcpRelay({ host: hostname, port: Number(port || 6379) });
      relay.stall();
      const database = await openTestDatabase({ from: "migrated" });
      try {
        await expect(
          createTestApp({ redisUrl: `redis://127.0.0.1:${relay.port}`, redisKeyPrefix: newPrefix() }, { database }),
        ).rejects.toThrow(`REDIS_URL: Redis at 127.0.0.1:${relay.port} does not answer`);
        // A client left reconnecting would keep the process alive for nothing.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(relay.connections()).toBe(0);
      } finally {
        await database.drop();
        await relay.close();
      }
    });

    // The search route stands for every limited route (one plugin hook counts them all): it answers
    // in milliseconds, so a request held by the outage stands out from a slow machine.
    for (const [how, outage] of [
      ["goes away", "cut"],
      ["hangs", "stall"],
    ] as const)
      describe(`that ${how} while the app runs`, () => {
        const prefix = newPrefix();
        const key = `${prefix}rate-limit:GET/api/search-203.0.113.9`;
        let relay: TcpRelay;
        let t: TestApp;
        let closed = false;
        beforeAll(async () => {
          const { hostname, port } = new URL(REDIS_URL);
          relay = await tcpRelay({ host: hostname, port: Number(port || 6379) });
          t = await createTestApp(
            {
              searchRateLimit: 5,
              redisUrl: `redis://127.0.0.1:${relay.port}`,
              redisKeyPrefix: prefix,
              logLevel: "info",
            },
            { logs: true },
          );
        });
        afterAll(async () => {
          if (!closed) await t?.close();
          await relay?.close();
        });

        test("limited requests are answered without it, uncounted, and the log says so once", async () => {
          for (let i = 0; i < 3; i++) expect((await search(t.app, "203.0.113.9")).statusCode).toBe(200);
          expect(await count(key)).toBe(3);

          if (outage === "cut") await relay.cut();
          else relay.stall();
          // Past the limit and each answered within seconds: neither refused nor failed nor held.
          for (let i = 0; i < 8; i++) {
            const asked = Date.now();
            expect((await search(t.app, "203.0.113.9")).statusCode).toBe(200);
            expect(Date.now() - asked).toBeLessThan(3_000);
          }
          expect(await count(key)).toBe(3);
          const lost = t.logs.filter((line) => /does not answer: request limits are not counted/.test(line.msg));
          expect(lost.map((line) => line.level)).toEqual([50]);
        });

        test("once it is back, counting goes on from where it stood", async () => {
          await relay.mend();
          await expect.poll(() => t.logs.some((line) => /answers again/.test(line.msg))).toBe(true);
          // The 4th and 5th go through, the 6th is refused.
          const statuses: number[] = [];
          for (let i = 0; i < 3; i++) statuses.push((await search(t.app, "203.0.113.9")).statusCode);
          expect(statuses).toEqual([200, 200, 429]);
          expect(await count(key)).toBe(6);
        });

        // An open connection would keep the process alive after the app closed.
        test("closing the app closes its connection", async () => {
          expect(relay.connections()).toBe(1);
          closed = true;
          await t.close();
          await expect.poll(() => relay.connections()).toBe(0);
        });
      });
  });
});

/** A port of 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
