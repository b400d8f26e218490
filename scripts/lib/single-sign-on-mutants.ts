// The single sign-on mutants of `npm run mutants` (scripts/lib/mutant-list.ts lists them with the
// rest): each takes away one check of the OpenID Connect flow its tests must catch.
import type { Mutant } from "./mutant.js";

const FLOWS = "server/modules/rbac/single-sign-on/flows.ts";
const SIGN_IN = "server/modules/rbac/single-sign-on/single-sign-on.ts";
const ATTACKS = "tests/rbac/single-sign-on/single-sign-on-attacks.test.ts";

export const singleSignOnMutants: Mutant[] = [
  {
    name: "sso-flow-reused",
    what: "a spent single sign-on flow is taken again",
    changes: [{ file: FLOWS, from: '.where("usedAt", "is", null)', to: "" }],
    tests: [ATTACKS],
  },
  {
    name: "sso-flow-any-browser",
    what: "a flow is finished by a browser that did not begin it",
    changes: [{ file: FLOWS, from: '.where("browserHash", "=", hashOf(binding))', to: "" }],
    tests: [ATTACKS],
  },
  {
    name: "sso-unverified-email-takes-account",
    what: "an email the provider did not verify signs in to the account that has it",
    changes: [
      {
        file: SIGN_IN,
        from: "if (email && (await emailTaken(trx, email)))",
        to: "if (email && verified && (await emailTaken(trx, email)))",
      },
    ],
    tests: [ATTACKS],
  },
  {
    name: "sso-roles-never-taken",
    what: "a role the claim no longer carries stays",
    changes: [
      {
        file: "server/modules/rbac/single-sign-on/role-claim.ts",
        from: 'if (!wanted.has(role.uid)) for (const link of links) await repository("rbac/subjects-to-roles").delete(link.id);',
        to: "",
      },
    ],
    tests: ["tests/rbac/single-sign-on/single-sign-on.test.ts"],
  },
  {
    name: "sso-return-anywhere",
    what: "a return path that starts with a slash is taken, //host and /\\host too",
    changes: [
      {
        file: "server/modules/rbac/routes/single-sign-on-routes.ts",
        from: "if (!isSameSitePath(value))",
        to: 'if (!value.startsWith("/"))',
      },
    ],
    tests: [ATTACKS],
  },
];
