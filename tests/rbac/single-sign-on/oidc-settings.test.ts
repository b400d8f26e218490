import { describe, expect, test } from "vitest";
import { configFromEnv } from "../../../server/config.js";

const oidc = (env: Record<string, string>) =>
  configFromEnv({ OIDC_CLIENT_ID: "client", OIDC_CLIENT_SECRET: "secret", ...env }).oidc;

describe("OIDC_* settings", () => {
  test("off without OIDC_ISSUER", () => {
    expect(configFromEnv({}).oidc).toBeUndefined();
  });

  test("an issuer with the client's id and secret; the name and scopes have defaults, openid always among the scopes", () => {
    expect(oidc({ OIDC_ISSUER: "https://id.example.com" })).toEqual({
      issuer: "https://id.example.com",
      clientId: "client",
      clientSecret: "secret",
      name: undefined,
      scopes: "openid email profile",
      roles: undefined,
    });
    expect(
      oidc({ OIDC_ISSUER: "https://id.example.com", OIDC_NAME: "Acme", OIDC_SCOPES: "email groups" }),
    ).toMatchObject({ name: "Acme", scopes: "email groups openid" });
  });

  test("the role claim with its map: `role` and `value=role` entries", () => {
    const settings = oidc({
      OIDC_ISSUER: "https://id.example.com",
      OIDC_ROLE_CLAIM: "groups",
      OIDC_ROLE_MAP: "admin, staff=editor",
    });
    expect(settings?.roles).toEqual({
      claim: "groups",
      map: new Map([
        ["admin", "admin"],
        ["staff", "editor"],
      ]),
    });
  });

  test.each([
    [{ OIDC_ISSUER: "http://id.example.com" }, /must be an https URL/],
    [{ OIDC_ISSUER: "not a url" }, /issuer URL/],
    [{ OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_SECRET: "" }, /needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    [{ OIDC_ISSUER: "https://id.example.com", OIDC_ROLE_CLAIM: "groups" }, /needs OIDC_ROLE_MAP/],
    [{ OIDC_ISSUER: "https://id.example.com", OIDC_ROLE_MAP: "admin" }, /needs OIDC_ROLE_CLAIM/],
    [{ OIDC_ISSUER: "https://id.example.com", OIDC_ROLE_CLAIM: "g", OIDC_ROLE_MAP: "a=b=c" }, /is not `role`/],
  ])("a mistake stops the start, naming the setting: %o", (env, message) => {
    expect(() => oidc(env)).toThrow(message);
  });

  test("plain http only for a provider on this machine", () => {
    expect(oidc({ OIDC_ISSUER: "http://127.0.0.1:9000" })?.issuer).toBe("http://127.0.0.1:9000");
    expect(oidc({ OIDC_ISSUER: "http://localhost:9000/realms/x" })?.issuer).toBe("http://localhost:9000/realms/x");
  });
});
