import type { TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register, type SignedIn } from "../rbac/helpers.js";

/** A case of module-body-forms.test.ts (its own shape, repeated so that file need only spread these in). */
interface Case {
  status: number;
  prepare: (form: string, n: string) => Promise<{ url: string; data: unknown; caller: "anonymous" | SignedIn }>;
}

/**
 * Linking single sign-on. That file's app has no OIDC_ISSUER, so every form is the same "not set
 * up" 404; with a provider, tests/rbac/single-sign-on/single-sign-on.test.ts reads the three forms.
 */
export function singleSignOnBodyFormCases(app: () => TestApp): Record<string, Case> {
  return {
    [`POST ${AUTH}/openid-connect/link`]: {
      status: 404,
      prepare: async (_form, n) => ({
        url: `${AUTH}/openid-connect/link`,
        data: { currentPassword: PASSWORD, returnTo: "/account" },
        caller: await register(app(), `sso-link-${n}@example.com`),
      }),
    },
  };
}
