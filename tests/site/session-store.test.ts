import { describe, expect, it } from "vitest";
import { ApiError, type CallOptions } from "../../web/api/client.js";
import { AUTH, SessionStore } from "../../web/site/session/session-store.js";
import { REFRESH_KEY, readStoredSession, storeTokens } from "../../web/site/session/token-storage.js";

const NOW = 1_800_000_000_000;
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwtExpiringIn = (ms: number) => `${base64url({ alg: "HS256" })}.${base64url({ exp: Math.floor((NOW + ms) / 1000) })}.sig`;
const unauthorized = () => new ApiError("Authentication error | 401 Unauthorized", 401, "AUTHENTICATION_ERROR", []);
const subject = { id: "s1", identities: [], roles: [] };

type Handler = (options?: CallOptions) => unknown;

/** A store on fakes: Map storage, scripted server answers, recorded calls and navigations. */
function harness(routes: Record<string, Handler | Handler[]>) {
  const map = new Map<string, string>();
  const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  const calls: { path: string; body?: unknown; raw?: boolean }[] = [];
  const navigations: string[] = [];
  const toasts: string[] = [];
  const call = async <T,>(path: string, options?: CallOptions): Promise<T> => {
    calls.push({ path: path.replace(AUTH, ""), body: options?.body, raw: options?.raw });
    const route = routes[path.replace(AUTH, "")];
    const handler = Array.isArray(route) ? route.shift() : route;
    if (!handler) throw new Error(`unexpected call ${path}`);
    await Promise.resolve();
    return handler(options) as T;
  };
  const store = new SessionStore({ storage, call, navigate: (url) => navigations.push(url), home: () => "/ru", now: () => NOW, notify: (m) => toasts.push(m) });
  return { map, storage, store, calls, navigations, toasts };
}

describe("session store", () => {
  it("with no refresh token is signed out without asking the server", async () => {
    const h = harness({});
    await h.store.load();
    expect(h.store.getSnapshot()).toEqual({ status: "signed-out" });
    expect(h.calls).toEqual([]);
  });

  it("with a valid JWT loads the subject", async () => {
    const h = harness({ "/me": () => subject });
    storeTokens(h.storage, { jwt: jwtExpiringIn(600_000), refresh: "r1" });
    expect(h.store.getSnapshot()).toEqual({ status: "loading" });
    await h.store.load();
    expect(h.store.getSnapshot()).toEqual({ status: "signed-in", subject });
    expect(h.calls.map((c) => c.path)).toEqual(["/me"]);
  });

  it("with an expired JWT refreshes first (plain body) and keeps the new tokens", async () => {
    const h = harness({ "/refresh": () => ({ jwt: jwtExpiringIn(900_000), refresh: "r2" }), "/me": () => subject });
    storeTokens(h.storage, { jwt: jwtExpiringIn(-1000), refresh: "r1" });
    await h.store.load();
    expect(h.calls).toEqual([{ path: "/refresh", body: { refresh: "r1" }, raw: true }, { path: "/me", body: undefined, raw: undefined }]);
    expect(readStoredSession(h.storage)).toEqual({ refresh: "r2", accessExpiresAt: Math.floor((NOW + 900_000) / 1000) * 1000 });
    expect(h.store.getSnapshot().status).toBe("signed-in");
  });

  it("refreshes once on a 401 and retries the call", async () => {
    const h = harness({ "/me": [() => { throw unauthorized(); }, () => subject], "/refresh": () => ({ jwt: jwtExpiringIn(900_000), refresh: "r2" }) });
    storeTokens(h.storage, { jwt: jwtExpiringIn(600_000), refresh: "r1" });
    await h.store.load();
    expect(h.calls.map((c) => c.path)).toEqual(["/me", "/refresh", "/me"]);
    expect(h.store.getSnapshot().status).toBe("signed-in");
  });

  it("a refused refresh removes both tokens and goes home", async () => {
    const h = harness({ "/refresh": () => { throw unauthorized(); } });
    storeTokens(h.storage, { jwt: jwtExpiringIn(-1000), refresh: "r1" });
    await h.store.load();
    expect(h.map.size).toBe(0);
    expect(h.navigations).toEqual(["/ru"]);
    expect(h.store.getSnapshot()).toEqual({ status: "signed-out" });
  });

  it("a network failure during refresh keeps the tokens and says why", async () => {
    const h = harness({ "/refresh": () => { throw new TypeError("Failed to fetch"); } });
    storeTokens(h.storage, { jwt: jwtExpiringIn(-1000), refresh: "r1" });
    await h.store.load();
    expect(h.map.get(REFRESH_KEY)).toBe("r1");
    expect(h.navigations).toEqual([]);
    expect(h.toasts).toEqual(["Failed to fetch"]);
    expect(h.store.getSnapshot()).toEqual({ status: "signed-out" });
  });

  it("concurrent calls with an expired JWT share one refresh (a second would spend a used token)", async () => {
    const h = harness({ "/refresh": [() => ({ jwt: jwtExpiringIn(900_000), refresh: "r2" })], "/x": () => "ok" });
    storeTokens(h.storage, { jwt: jwtExpiringIn(-1000), refresh: "r1" });
    const answers = await Promise.all([h.store.call(`${AUTH}/x`), h.store.call(`${AUTH}/x`), h.store.call(`${AUTH}/x`)]);
    expect(answers).toEqual(["ok", "ok", "ok"]);
    expect(h.calls.filter((c) => c.path === "/refresh")).toHaveLength(1);
  });

  it("does not spend the token again when another tab refreshed while this one waited for the lock", async () => {
    const h = harness({ "/me": () => subject });
    storeTokens(h.storage, { jwt: jwtExpiringIn(-1000), refresh: "r1" });
    const store = new SessionStore({
      storage: h.storage,
      call: async (path) => { h.calls.push({ path: path.replace(AUTH, "") }); return subject as never; },
      navigate: () => {},
      home: () => "/",
      now: () => NOW,
      notify: () => {},
      // The other tab holds the lock and rotates the token before ours runs.
      withLock: async (_name, task) => {
        storeTokens(h.storage, { jwt: jwtExpiringIn(900_000), refresh: "r2" });
        return task();
      },
    });
    await store.load();
    expect(h.calls.map((c) => c.path)).toEqual(["/me"]);
    expect(store.getSnapshot().status).toBe("signed-in");
  });

  it("logout revokes with a plain body, removes both tokens and redirects", async () => {
    const h = harness({ "/logout": (options) => ({ redirectTo: (options?.body as { redirectTo: string }).redirectTo }) });
    storeTokens(h.storage, { jwt: jwtExpiringIn(600_000), refresh: "r1" });
    await h.store.logout("/ru");
    expect(h.calls).toEqual([{ path: "/logout", body: { refresh: "r1", redirectTo: "/ru" }, raw: true }]);
    expect(h.map.size).toBe(0);
    expect(h.navigations).toEqual(["/ru"]);
  });

  it("logout still signs out locally when the server cannot be reached", async () => {
    const h = harness({ "/logout": () => { throw new TypeError("Failed to fetch"); } });
    storeTokens(h.storage, { jwt: jwtExpiringIn(600_000), refresh: "r1" });
    await h.store.logout("/");
    expect(h.map.size).toBe(0);
    expect(h.toasts).toEqual(["Failed to fetch"]);
    expect(h.navigations).toEqual(["/"]);
  });

  it("sign-in keeps the tokens and loads the subject; subscribers hear each change", async () => {
    const h = harness({ "/me": () => subject });
    const seen: string[] = [];
    h.store.subscribe(() => seen.push(h.store.getSnapshot().status));
    await Promise.resolve();
    await h.store.signedIn({ jwt: jwtExpiringIn(600_000), refresh: "r1" });
    expect(h.map.get(REFRESH_KEY)).toBe("r1");
    expect(seen.at(-1)).toBe("signed-in");
  });
});

describe("session store logout without a redirect", () => {
  it("stays on the page (the wallet's failed sign-in logs out in place)", async () => {
    const h = harness({ "/logout": () => ({ redirectTo: "/" }) });
    storeTokens(h.storage, { jwt: jwtExpiringIn(600_000), refresh: "r1" });
    await h.store.logout();
    expect(h.calls[0]?.body).toEqual({ refresh: "r1", redirectTo: "/" });
    expect(h.map.size).toBe(0);
    expect(h.navigations).toEqual([]);
    expect(h.store.getSnapshot()).toEqual({ status: "signed-out" });
  });
});
