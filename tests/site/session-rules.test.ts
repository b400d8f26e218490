import { describe, expect, it } from "vitest";
import { ApiError } from "../../web/api/client.js";
import { jwtExpiresAt } from "../../web/site/session/jwt.js";
import {
  EXPIRY_MARGIN_MS,
  afterRefreshFailure,
  afterUnauthorized,
  isAccessExpired,
  startAction,
} from "../../web/site/session/rules.js";
import {
  ACCESS_EXPIRES_KEY,
  REFRESH_KEY,
  clearTokens,
  readStoredSession,
  storeTokens,
} from "../../web/site/session/token-storage.js";

const NOW = 1_800_000_000_000;
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${base64url({ alg: "HS256" })}.${base64url(claims)}.signature`;

describe("session rules", () => {
  it.each([
    { name: "no tokens", stored: {}, expected: "signed-out" },
    { name: "expiry but no refresh token", stored: { accessExpiresAt: NOW + 60_000 }, expected: "signed-out" },
    { name: "refresh token, unknown expiry", stored: { refresh: "r" }, expected: "refresh" },
    { name: "refresh token, JWT expired", stored: { refresh: "r", accessExpiresAt: NOW - 1 }, expected: "refresh" },
    {
      name: "refresh token, JWT inside the margin",
      stored: { refresh: "r", accessExpiresAt: NOW + EXPIRY_MARGIN_MS - 1 },
      expected: "refresh",
    },
    {
      name: "refresh token, JWT valid",
      stored: { refresh: "r", accessExpiresAt: NOW + EXPIRY_MARGIN_MS + 1 },
      expected: "load-subject",
    },
  ])("start with $name → $expected", ({ stored, expected }) => {
    expect(startAction(stored, NOW)).toBe(expected);
  });

  it.each([
    { expiresAt: undefined, expired: true },
    { expiresAt: NOW, expired: true },
    { expiresAt: NOW + EXPIRY_MARGIN_MS, expired: true },
    { expiresAt: NOW + EXPIRY_MARGIN_MS + 1, expired: false },
  ])("JWT expiring at $expiresAt expired: $expired", ({ expiresAt, expired }) => {
    expect(isAccessExpired(expiresAt, NOW)).toBe(expired);
  });

  it.each([
    { stored: { refresh: "r" }, alreadyRefreshed: false, expected: "refresh" },
    { stored: { refresh: "r" }, alreadyRefreshed: true, expected: "signed-out" },
    { stored: {}, alreadyRefreshed: false, expected: "signed-out" },
  ])("401 with $stored, refreshed already: $alreadyRefreshed → $expected", ({ stored, alreadyRefreshed, expected }) => {
    expect(afterUnauthorized(stored, alreadyRefreshed)).toBe(expected);
  });

  it.each([
    {
      error: new ApiError("Authentication error: the refresh token is invalid | 401", 401, "AUTHENTICATION_ERROR", []),
      expected: "clear-and-go-home",
    },
    { error: new ApiError("Validation error", 400, "VALIDATION_ERROR", []), expected: "clear-and-go-home" },
    { error: new ApiError("Rate limit error", 429, undefined, []), expected: "keep" },
    { error: new ApiError("Internal error", 500, undefined, []), expected: "keep" },
    { error: new TypeError("Failed to fetch"), expected: "keep" },
  ])("refresh failing with $error.message → $expected", ({ error, expected }) => {
    expect(afterRefreshFailure(error)).toBe(expected);
  });
});

describe("JWT expiry", () => {
  it.each([
    { token: jwt({ sub: "s", exp: 1_800_000_900 }), expected: 1_800_000_900_000 },
    { token: jwt({ sub: "s" }), expected: undefined },
    { token: jwt({ exp: "soon" }), expected: undefined },
    { token: "not-a-jwt", expected: undefined },
    { token: "a.%%%.c", expected: undefined },
  ])("$token → $expected", ({ token, expected }) => {
    expect(jwtExpiresAt(token)).toBe(expected);
  });
});

describe("token storage", () => {
  it("keeps the refresh token and the JWT's expiry, and removes both", () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    storeTokens(storage, { jwt: jwt({ exp: 1_800_000_900 }), refresh: "refresh-1" });
    expect(map.get(REFRESH_KEY)).toBe("refresh-1");
    expect(readStoredSession(storage)).toEqual({ refresh: "refresh-1", accessExpiresAt: 1_800_000_900_000 });
    // The JWT itself is never stored: it stays in the HttpOnly cookie.
    expect([...map.values()].some((v) => v.includes("."))).toBe(false);
    clearTokens(storage);
    expect(map.size).toBe(0);
    expect(readStoredSession(storage)).toEqual({ refresh: undefined, accessExpiresAt: undefined });
    map.set(ACCESS_EXPIRES_KEY, "garbage");
    expect(readStoredSession(storage).accessExpiresAt).toBeUndefined();
  });
});
