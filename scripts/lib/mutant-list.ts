// The mutants `npm run mutants` re-runs (issue 23): each a wrong version of one piece of code that
// once survived the suite or that a finding was about, and the test files that must now catch it.

export interface Mutant {
  name: string;
  /** What the wrong code does, in a few words. */
  what: string;
  /** Exact text replacements (each `from` must occur once in its file). */
  changes: { file: string; from: string; to: string }[];
  tests: string[];
  /** Only a PostgreSQL server shows it (concurrent connections). */
  postgresOnly?: boolean;
}

const MONEY = "server/modules/billing/money.ts";
const EXACT_SUM = "amounts.reduce((sum, amount) => sum + toMinorUnits(amount, decimals), 0n)";

export const mutants: Mutant[] = [
  {
    name: "float-sum",
    what: "totals summed as JavaScript floats",
    changes: [{ file: MONEY, from: EXACT_SUM, to: "BigInt(Math.round(amounts.reduce((sum, amount) => sum + Number(amount), 0) * 10 ** decimals))" }],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "number-minor-units",
    what: "totals summed as Number minor units",
    changes: [{ file: MONEY, from: EXACT_SUM, to: "BigInt(amounts.reduce((sum, amount) => sum + Number(toMinorUnits(amount, decimals)), 0))" }],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "number-same-amount",
    what: "amounts compared as Number minor units",
    changes: [{ file: MONEY, from: "toMinorUnits(a, decimals) === toMinorUnits(b, decimals)", to: "Number(toMinorUnits(a, decimals)) === Number(toMinorUnits(b, decimals))" }],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "inexact-json-number",
    what: "a decimal field takes a JSON number of any precision",
    changes: [{ file: "engine/query/decimal.ts", from: "length <= EXACT_NUMBER_DIGITS ? text : undefined", to: "length >= 0 ? text : undefined" }],
    tests: ["tests/api/decimal-json-numbers.test.ts"],
  },
  {
    name: "hidden-on-later-page",
    what: "a list page past offset 0 reads every column",
    changes: [{ file: "engine/query/repository.ts", from: 'this.db.selectFrom(this.model.table).select(this.columns).where("id", "in", ids)', to: 'this.db.selectFrom(this.model.table).selectAll().where("id", "in", ids)' }],
    tests: ["tests/api/hidden-fields-every-branch.test.ts"],
  },
  {
    name: "send-after-ignored",
    what: "the mail queue sends before sendAfter",
    changes: [{ file: "server/modules/notification/delivery.ts", from: 'notBefore: ["sendAfter", "nextAttemptAt"]', to: 'notBefore: ["nextAttemptAt"]' }],
    tests: ["tests/notification/delivery.test.ts"],
  },
  {
    name: "identity-delete-no-proof",
    what: "finding 1: an identity is deleted with no current password",
    changes: [{ file: "server/modules/rbac/routes/identity-routes.ts", from: "await confirmOwner(app.database.db, subjectId, currentPassword, request.sessionFamilyId);", to: "void confirmOwner;" }],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "last-identity-deleted",
    what: "finding 1: a subject's last identity may be deleted",
    changes: [{ file: "server/modules/rbac/accounts/delete-identity.ts", from: "if (ids.length <= 1) throw lastIdentity();", to: "if (ids.length < 1) throw lastIdentity();" }],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "emptied-subject-is-new",
    what: "finding 1: a subject that lost its identities counts as new",
    changes: [{ file: "server/modules/rbac/accounts/subjects.ts", from: "return !!subject && subject.identifiedAt === null && ", to: "return !!subject && " }],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "old-invoice-pays",
    what: "finding 2: a declined invoice's late paid approves the orders still waiting (or taken back to the cart) under it",
    changes: [
      { file: "server/modules/ecommerce/orders-follow-invoices.ts", from: 'if (state === "paid" && invoice.status !== "new") return [];', to: "" },
      { file: "server/modules/ecommerce/orders-follow-invoices.ts", from: 'paid: { type: "history", status: "approving", from: ["paying"] }', to: 'paid: { type: "history", status: "approving", from: ["paying", "new"] }' },
    ],
    tests: ["tests/billing/paid-after-failed.test.ts", "tests/ecommerce/dummy-webhook.test.ts"],
  },
  {
    name: "cross-site-raw-url",
    what: "finding 3: the cross-site check reads the raw URL",
    changes: [{ file: "server/security/cross-site.ts", from: "const route = request.routeOptions.url;\n    if (route === undefined) return done();", to: 'if (request.routeOptions.url === undefined) return done();\n    const route = request.url.split("?")[0]!;' }],
    tests: ["tests/security/path-spellings.test.ts"],
  },
  {
    name: "idempotency-raw-body",
    what: "finding 5: the Idempotency-Key hashes request.body (empty for multipart)",
    changes: [{ file: "server/modules/ecommerce/idempotency.ts", from: "${canonical(input)}", to: "${canonical(request.body ?? null)}" }],
    tests: ["tests/ecommerce/checkout-idempotency.test.ts"],
  },
];
