import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH } from "../rbac/helpers.js";

// Every redirect the server makes, or tells a client to make, goes to a
// path of this site, however the address is encoded. A browser reads "\" as "/" and drops tabs
// and newlines, so "/\evil.example" and "/\t/evil.example" mean "//evil.example": another host.
const SITE = "https://shop.example";
const staysOnSite = (location: string) => {
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(location).not.toMatch(/[\u0000-\u001f\\]/);
  expect(new URL(location, SITE).origin).toBe(SITE);
};

describe(`redirects stay on the site, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const redirects: [raw: string, location: string][] = [
    ["/en/%2Fevil.example/", "/%2Fevil.example"],
    ["/en/%2F%2Fevil.example/", "/%2F%2Fevil.example"],
    ["/en/%5Cevil.example/", "/%5Cevil.example"],
    ["/en/%5C%5Cevil.example/x", "/%5C%5Cevil.example/x"],
    ["/en//evil.example/", "/evil.example"],
    ["/en/%09/evil.example/", "/%09/evil.example"],
    ["/en/blog?page=2", "/blog?page=2"],
    ["/en", "/"],
    ["/en/%D0%B1%D0%BB%D0%BE%D0%B3", "/%D0%B1%D0%BB%D0%BE%D0%B3"],
  ];
  // (A last segment with a dot, "/en/%5Cevil.example", is a file name: a 404, no redirect at all.)
  it.each(redirects)("GET %s → 301 to %s", async (raw, expected) => {
    const response = await t.app.inject({ method: "GET", url: raw });
    expect(response.statusCode).toBe(301);
    const location = String(response.headers.location);
    staysOnSite(location);
    expect(location).toBe(expected);
  });

  const logout = async (redirectTo: string) =>
    (await t.request({ method: "POST", url: `${AUTH}/logout`, key: null, payload: { redirectTo } })).body.data
      .redirectTo as string;

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    " /x",
  ])("logout's redirectTo %j becomes /", async (redirectTo) => {
    const answer = await logout(redirectTo);
    staysOnSite(answer);
    expect(answer).toBe("/");
  });

  it.each(["/", "/blog/articles/hello?x=1#top", "/ru/cart"])("logout keeps the site path %s", async (redirectTo) => {
    expect(await logout(redirectTo)).toBe(redirectTo);
  });
});
