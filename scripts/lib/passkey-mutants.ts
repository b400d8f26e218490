// The passkey mutants of `npm run mutants` (scripts/lib/mutant-list.ts lists them with the rest):
// each takes away one check of registering or signing in with a passkey its tests must catch.
import type { Mutant } from "./mutant.js";

const CHALLENGES = "server/modules/rbac/passkeys/passkey-challenges.ts";
const SIGN_IN = "server/modules/rbac/passkeys/passkey-sign-in.ts";
const RECORDS = "server/modules/rbac/passkeys/passkey-records.ts";
const SIGN_IN_TEST = "tests/rbac/passkeys/passkey-sign-in.test.ts";
const REGISTRATION_TEST = "tests/rbac/passkeys/passkey-registration.test.ts";
const SECOND_FACTOR_TEST = "tests/rbac/passkeys/passkey-second-factor.test.ts";

export const passkeyMutants: Mutant[] = [
  {
    name: "passkey-challenge-reused",
    what: "a spent passkey challenge is taken again",
    changes: [{ file: CHALLENGES, from: '.where("usedAt", "is", null)', to: "" }],
    tests: [SIGN_IN_TEST],
  },
  {
    name: "passkey-challenge-expired",
    what: "a passkey challenge is taken after it expired",
    changes: [{ file: CHALLENGES, from: '.where("expiresAt", ">", new Date())', to: "" }],
    tests: [SIGN_IN_TEST],
  },
  {
    name: "passkey-challenge-any-subject",
    what: "a challenge made for one subject (a registration, a second step) serves any",
    changes: [
      {
        file: SIGN_IN,
        from: 'await this.challenges.spend(challenge, "authentication", subjectId, db);',
        to: 'await this.challenges.spend(challenge, "authentication", null, db);',
      },
    ],
    tests: [SECOND_FACTOR_TEST],
  },
  {
    name: "passkey-cloned-counter",
    what: "a counter at or below the stored one (a cloned authenticator) signs in",
    changes: [{ file: SIGN_IN, from: "        counter,\n", to: "        counter: 0,\n" }],
    tests: [SIGN_IN_TEST],
  },
  {
    name: "passkey-no-user-verification",
    what: "a passkey signs in alone without the user verified",
    changes: [
      { file: SIGN_IN, from: "requireUserVerification: subjectId === null,", to: "requireUserVerification: false," },
    ],
    tests: [SIGN_IN_TEST],
  },
  {
    name: "passkey-removed-by-another",
    what: "a subject removes another subject's passkey through its own path",
    changes: [
      {
        file: RECORDS,
        from: '.deleteFrom(TABLE)\n      .where("id", "=", passkeyId)\n      .where("subjectId", "=", subjectId)',
        to: '.deleteFrom(TABLE)\n      .where("id", "=", passkeyId)',
      },
    ],
    tests: [REGISTRATION_TEST],
  },
];
