import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../web/api/client.js";
import { AUTH, SessionStore, type SessionDeps } from "../../web/site/session/session-store.js";
import {
  ACCESS_EXPIRES_KEY,
  REFRESH_KEY,
  readStoredSession,
  storeTokens,
} from "../../web/site/session/token-storage.js";
import type { SessionTokens } from "../../web/site/session/types.js";
import { injectFetch, type InjectFetch } from "../helpers/inject-fetch.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { PASSWORD, register, subjectOf } from "../rbac/helpers.js";

// The session store on the site's own client against the real app: its fetch goes to app.inject
// with a browser's cookie jar, so every refresh, 401 and logout is the server's own answer (a
// refresh token spent twice is refused there and revokes the session, so "one refresh" is
// checked by the server, not only counted here).
const realFetch = globalThis.fetch;
const SESSION_COOKIE = "rbac.subject.jwt";

describe(`session store, against the real app on ${testDialect}`, () => {
  let t: TestApp;
  let closedPort: number;
  let accounts = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // A loopback port nobody listens on: the server "cannot be reached" for real.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closedPort = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => t?.close());

  /** A browser (Map storage, cookie jar, recorded navigations and toasts) and its session store. */
  function browser(extra: Partial<SessionDeps> = {}) {
    const site: InjectFetch = injectFetch(t.app);
    vi.stubGlobal("fetch", site.fetch);
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const navigations: string[] = [];
    const toasts: string[] = [];
    const store = new SessionStore({
      storage,
      call: api,
      navigate: (url) => navigations.push(url),
      home: () => "/ru",
      now: () => Date.now(),
      notify: (m) => toasts.push(m),
      ...extra,
    });
    /** The calls made since the last `asked()`, by path under the authentication routes. */
    const asked = () => site.requests.splice(0).map((r) => r.replace(AUTH, ""));
    return { site, map, storage, store, navigations, toasts, asked };
  }
  type Browser = ReturnType<typeof browser>;

  /** Signs a new account in through the sign-in route, as the sign-in form does; the tokens kept. */
  async function signIn(b: Browser): Promise<SessionTokens & { subjectId: string; login: string }> {
    const login = `session-${++accounts}@example.com`;
    await register(t, login);
    const tokens = await api<SessionTokens>(`${AUTH}/email-and-password/authentication`, {
      method: "POST",
      body: { login, password: PASSWORD },
      raw: true,
    });
    storeTokens(b.storage, tokens);
    b.asked();
    return { ...tokens, subjectId: subjectOf(tokens.jwt), login };
  }
  /** The store's record of the JWT's expiry moved into the past: the next call refreshes first. */
  const expire = (b: Browser) => b.storage.setItem(ACCESS_EXPIRES_KEY, String(Date.now() - 60_000));
  /** The server cannot be reached: every request of the page fails as a network error. */
  const unreachable = () =>
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
      realFetch(`http://127.0.0.1:${closedPort}${input}`, init),
    );
  const refreshWorks = async (refresh: string) =>
    (await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh } })).status;

  it("with no refresh token is signed out without asking the server", async () => {
    const b = browser();
    await b.store.load();
    expect(b.store.getSnapshot()).toEqual({ status: "signed-out" });
    expect(b.asked()).toEqual([]);
  });

  it("with a valid JWT loads the subject", async () => {
    const b = browser();
    const session = await signIn(b);
    expect(b.store.getSnapshot()).toEqual({ status: "loading" });
    await b.store.load();
    expect(b.store.getSnapshot()).toMatchObject({
      status: "signed-in",
      subject: { id: session.subjectId, identities: [expect.objectContaining({ email: session.login })] },
    });
    expect(b.asked()).toEqual(["GET /me"]);
  });

  it("with an expired JWT refreshes first (plain body) and keeps the new tokens", async () => {
    const b = browser();
    const session = await signIn(b);
    expire(b);
    await b.store.load();
    expect(b.asked()).toEqual(["POST /refresh", "GET /me"]);
    const stored = readStoredSession(b.storage);
    expect(stored.refresh).not.toBe(session.refresh);
    expect(stored.accessExpiresAt).toBeGreaterThan(Date.now());
    expect(b.store.getSnapshot()).toMatchObject({ status: "signed-in", subject: { id: session.subjectId } });
    // The server rotated the token: the old one is spent.
    expect(await refreshWorks(session.refresh)).toBe(401);
  });

  it("refreshes once on a 401 and retries the call", async () => {
    const b = browser();
    await signIn(b);
    // The cookie is gone (the browser dropped it): the server answers 401 although the store thinks the JWT is good.
    b.site.cookies.delete(SESSION_COOKIE);
    await b.store.load();
    expect(b.asked()).toEqual(["GET /me", "POST /refresh", "GET /me"]);
    expect(b.store.getSnapshot().status).toBe("signed-in");
    expect(b.site.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it("a refused refresh removes both tokens and goes home", async () => {
    const b = browser();
    storeTokens(b.storage, { jwt: "x.e30.y", refresh: "no-such-refresh-token" });
    await b.store.load();
    expect(b.asked()).toEqual(["POST /refresh"]);
    expect(b.map.size).toBe(0);
    expect(b.navigations).toEqual(["/ru"]);
    expect(b.store.getSnapshot()).toEqual({ status: "signed-out" });
  });

  it("a network failure during refresh keeps the tokens and says why", async () => {
    const b = browser();
    const session = await signIn(b);
    expire(b);
    unreachable();
    await b.store.load();
    expect(b.map.get(REFRESH_KEY)).toBe(session.refresh);
    expect(b.navigations).toEqual([]);
    expect(b.toasts).toHaveLength(1);
    expect(b.toasts[0]).toMatch(/fetch failed/i);
    expect(b.store.getSnapshot()).toEqual({ status: "signed-out" });
    // Nothing was spent: the token still works.
    expect(await refreshWorks(session.refresh)).toBe(200);
  });

  it("concurrent calls with an expired JWT share one refresh (a second would spend a used token)", async () => {
    const b = browser();
    const session = await signIn(b);
    expire(b);
    const answers = await Promise.all([
      b.store.call<{ id: string }>(`${AUTH}/me`),
      b.store.call<{ id: string }>(`${AUTH}/me`),
      b.store.call<{ id: string }>(`${AUTH}/me`),
    ]);
    expect(answers.map((subject) => subject.id)).toEqual([session.subjectId, session.subjectId, session.subjectId]);
    expect(b.asked().filter((path) => path === "POST /refresh")).toHaveLength(1);
    // The session survived: a replayed token would have revoked it.
    expect((await b.store.call<{ id: string }>(`${AUTH}/me`)).id).toBe(session.subjectId);
  });

  it("does not spend the token again when another tab refreshed while this one waited for the lock", async () => {
    let b!: Browser;
    b = browser({
      // The other tab holds the lock and rotates the token (through the server) before ours runs.
      withLock: async (_name, task) => {
        const { refresh } = readStoredSession(b.storage);
        storeTokens(
          b.storage,
          await api<SessionTokens>(`${AUTH}/refresh`, { method: "POST", body: { refresh }, raw: true }),
        );
        return task();
      },
    });
    await signIn(b);
    expire(b);
    await b.store.load();
    expect(b.asked()).toEqual(["POST /refresh", "GET /me"]);
    expect(b.store.getSnapshot().status).toBe("signed-in");
  });

  it("logout revokes with a plain body, removes both tokens and redirects", async () => {
    const b = browser();
    const session = await signIn(b);
    await b.store.logout("/ru");
    expect(b.asked()).toEqual(["POST /logout"]);
    expect(b.map.size).toBe(0);
    expect(b.navigations).toEqual(["/ru"]);
    expect(b.site.cookies.has(SESSION_COOKIE)).toBe(false);
    // Revoked on the server: neither the refresh token nor the JWT works any more.
    expect(await refreshWorks(session.refresh)).toBe(401);
    expect(
      (
        await t.request({
          method: "GET",
          url: `${AUTH}/me`,
          key: null,
          headers: { authorization: `Bearer ${session.jwt}` },
        })
      ).status,
    ).toBe(401);
  });

  it("logout still signs out locally when the server cannot be reached", async () => {
    const b = browser();
    await signIn(b);
    unreachable();
    await b.store.logout("/");
    expect(b.map.size).toBe(0);
    expect(b.toasts).toHaveLength(1);
    expect(b.toasts[0]).toMatch(/fetch failed/i);
    expect(b.navigations).toEqual(["/"]);
  });

  it("sign-in keeps the tokens and loads the subject; subscribers hear each change", async () => {
    const b = browser();
    const seen: string[] = [];
    b.store.subscribe(() => seen.push(b.store.getSnapshot().status));
    await Promise.resolve();
    const login = `session-${++accounts}@example.com`;
    await register(t, login);
    const tokens = await api<SessionTokens>(`${AUTH}/email-and-password/authentication`, {
      method: "POST",
      body: { login, password: PASSWORD },
      raw: true,
    });
    await b.store.signedIn(tokens);
    expect(b.map.get(REFRESH_KEY)).toBe(tokens.refresh);
    expect(seen.at(-1)).toBe("signed-in");
    expect(b.store.getSnapshot()).toMatchObject({ subject: { id: subjectOf(tokens.jwt) } });
  });

  it("logout without a redirect stays on the page (the wallet's failed sign-in logs out in place)", async () => {
    const b = browser();
    const session = await signIn(b);
    await b.store.logout();
    expect(b.asked()).toEqual(["POST /logout"]);
    expect(b.map.size).toBe(0);
    expect(b.navigations).toEqual([]);
    expect(b.store.getSnapshot()).toEqual({ status: "signed-out" });
    expect(await refreshWorks(session.refresh)).toBe(401);
  });
});
