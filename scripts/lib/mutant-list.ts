// The mutants `npm run mutants` re-runs: each a wrong version of one piece of code that once survived
// the suite or that a security finding was about, and the test files that must now catch it.

import type { Mutant } from "./mutant.js";
import { securityMutants } from "./security-mutants.js";
import { passkeyMutants } from "./passkey-mutants.js";
import { apiKeyMutants } from "./api-key-mutants.js";
import { singleSignOnMutants } from "./single-sign-on-mutants.js";

export type { Mutant };

const MONEY = "server/modules/billing/money.ts";
const REPLICA_READS = "server/plugins/replica-reads.ts";
const REPLICA_TEST = "tests/host/read-replicas.test.ts";
const EXACT_SUM = "amounts.reduce((sum, amount) => sum + toMinorUnits(amount, decimals), 0n)";
const ERRORS = "server/plugins/errors.ts";
const FOLLOW = "server/modules/ecommerce/orders-follow-invoices.ts";
const ROUTE_READ = "const read = await readInputAndFields(request, { optional: spec.bodyOptional });";
const INVOICE_OPENED = "const { invoice, intent } = opening.opened(created);";
/** Step 2 of checkout moved into step 1's transaction (the code before checkout was split in two). */
const PROVIDER_CALL =
  "await this.providers.get(request.provider).createPayment({ invoiceId: invoice.id, amount: String(invoice.amount), " +
  'currency: { code: String(currency.slug).toUpperCase(), decimals: currency.decimals }, email: request.email, description: "in the transaction", ' +
  "successUrl: request.successUrl, cancelUrl: request.cancelUrl, idempotencyKey: `invoice-${invoice.id}` });";

export const mutants: Mutant[] = [
  {
    name: "float-sum",
    what: "totals summed as JavaScript floats",
    changes: [
      {
        file: MONEY,
        from: EXACT_SUM,
        to: "BigInt(Math.round(amounts.reduce((sum, amount) => sum + Number(amount), 0) * 10 ** decimals))",
      },
    ],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "number-minor-units",
    what: "totals summed as Number minor units",
    changes: [
      {
        file: MONEY,
        from: EXACT_SUM,
        to: "BigInt(amounts.reduce((sum, amount) => sum + Number(toMinorUnits(amount, decimals)), 0))",
      },
    ],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "number-same-amount",
    what: "amounts compared as Number minor units",
    changes: [
      {
        file: MONEY,
        from: "toMinorUnits(a, decimals) === toMinorUnits(b, decimals)",
        to: "Number(toMinorUnits(a, decimals)) === Number(toMinorUnits(b, decimals))",
      },
    ],
    tests: ["tests/ecommerce/large-amounts.test.ts"],
  },
  {
    name: "inexact-json-number",
    what: "a decimal field takes a JSON number of any precision",
    changes: [
      {
        file: "engine/query/decimal.ts",
        from: "length <= EXACT_NUMBER_DIGITS ? text : undefined",
        to: "length >= 0 ? text : undefined",
      },
    ],
    tests: ["tests/api/decimal-json-numbers.test.ts"],
  },
  {
    name: "hidden-on-later-page",
    what: "a list page past offset 0 reads every column",
    changes: [
      {
        file: "engine/query/repository-reads.ts",
        from: 'this.db.selectFrom(this.model.table).select(this.columns).where("id", "in", ids)',
        to: 'this.db.selectFrom(this.model.table).selectAll().where("id", "in", ids)',
      },
    ],
    tests: ["tests/api/hidden-fields-every-branch.test.ts"],
  },
  {
    name: "send-after-ignored",
    what: "the mail queue sends before sendAfter",
    changes: [
      {
        file: "server/modules/notification/delivery.ts",
        from: 'notBefore: ["sendAfter", "nextAttemptAt"]',
        to: 'notBefore: ["nextAttemptAt"]',
      },
    ],
    tests: ["tests/notification/delivery.test.ts"],
  },
  {
    name: "identity-delete-no-proof",
    what: "an identity is deleted with no current password",
    changes: [
      {
        file: "server/modules/rbac/routes/identity-routes.ts",
        from: "await confirmedOwner(request, id, currentPassword);\n    return { data: await deleteIdentity(",
        to: "return { data: await deleteIdentity(",
      },
    ],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "last-identity-deleted",
    what: "a subject's last identity may be deleted",
    changes: [
      {
        file: "server/modules/rbac/accounts/delete-identity.ts",
        from: "if (ids.length <= 1) throw lastIdentity();",
        to: "if (ids.length < 1) throw lastIdentity();",
      },
    ],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "emptied-subject-is-new",
    what: "a subject that lost its identities counts as new",
    changes: [
      {
        file: "server/modules/rbac/accounts/subjects.ts",
        from: "return !!subject && subject.identifiedAt === null && ",
        to: "return !!subject && ",
      },
    ],
    tests: ["tests/rbac/identity-deletion.test.ts"],
  },
  {
    name: "old-invoice-pays",
    what: "a declined invoice's late paid approves the orders still waiting (or taken back to the cart) under it",
    changes: [
      { file: FOLLOW, from: 'if (state === "paid" && invoice.status !== "new") return [];', to: "" },
      {
        file: FOLLOW,
        from: 'paid: { type: "history", status: "approving", from: ["paying"] }',
        to: 'paid: { type: "history", status: "approving", from: ["paying", "new"] }',
      },
    ],
    tests: ["tests/billing/paid-after-failed.test.ts", "tests/ecommerce/dummy-webhook.test.ts"],
  },
  {
    name: "cross-site-raw-url",
    what: "the cross-site check reads the raw URL",
    changes: [
      {
        file: "server/security/cross-site.ts",
        from: 'const guarded = UNSAFE.has(request.method) ? route.startsWith("/api/")',
        to: 'const guarded = UNSAFE.has(request.method) ? request.url.startsWith("/api/")',
      },
    ],
    tests: ["tests/security/path-spellings.test.ts"],
  },
  {
    name: "idempotency-raw-body",
    what: "the Idempotency-Key hashes request.body (empty for multipart)",
    changes: [
      {
        file: "server/modules/ecommerce/idempotency.ts",
        from: "${canonical(input)}",
        to: "${canonical(request.body ?? null)}",
      },
    ],
    tests: ["tests/ecommerce/checkout-idempotency.test.ts"],
  },
  {
    name: "idempotency-look-up-only",
    what: "a key reserved by a request still under way is run again instead of waited for",
    changes: [
      {
        file: "server/modules/ecommerce/idempotency.ts",
        from: "await pause(delay); // another request with this key is under way: its answer will be ours",
        to: "return run();",
      },
    ],
    tests: ["tests/ecommerce/checkout-idempotency.test.ts"],
  },
  {
    name: "logout-own-body-reader",
    what: "logout (and the optional-body DELETE) read request.body themselves, not the one reader",
    changes: [
      {
        file: "server/modules/route.ts",
        from: ROUTE_READ,
        to: `const read = spec.bodyOptional ? { input: request.body ?? {}, fields: {} } : ${ROUTE_READ.slice("const read = ".length)}`,
      },
    ],
    tests: ["tests/api/module-body-forms.test.ts"],
  },
  {
    name: "oxprocessing-unsigned-trusted",
    what: "0xProcessing's unsigned Status, amounts and BillingID are taken from the notification",
    changes: [
      {
        file: "server/modules/billing/providers/0xprocessing.ts",
        from: "const payment = await this.lookUp(paymentId);",
        to: "const payment = body;",
      },
    ],
    tests: ["tests/billing/0xprocessing.test.ts"],
  },
  {
    name: "hosted-404-cached",
    what: "the hosted 404 page is sent like a page (public, s-maxage, ETag)",
    changes: [
      { file: "server/site/site-routes.ts", from: "if (answer.status !== 200) {", to: "if (answer.status === -1) {" },
    ],
    tests: ["tests/site/page-caching.test.ts"],
  },
  {
    name: "bad-url-no-headers",
    what: "the bad-URL 400 (GET /%ff) has no security headers",
    changes: [{ file: ERRORS, from: "return reply.headers(headers).status(400)", to: "return reply.status(400)" }],
    tests: ["tests/security/malformed-requests.test.ts"],
  },
  {
    name: "bad-url-echoes-path",
    what: "the bad-URL 400 repeats Fastify's message, with the address in it",
    changes: [
      {
        file: ERRORS,
        from: 'const message = beforeRouting[error.code] ?? "the request could not be routed";',
        to: "const message = error.message;",
      },
    ],
    tests: ["tests/security/malformed-requests.test.ts"],
  },
  {
    name: "unknown-query-keys-ignored",
    what: "unknown list/count query keys (sort=password, a condition's extra key) are ignored",
    changes: [
      {
        file: "engine/query/list-query.ts",
        from: "if (known.includes(key)) continue;",
        to: "if (known.includes(key) || true) continue;",
      },
    ],
    tests: ["tests/api/list-query-keys.test.ts"],
  },
  {
    name: "foreign-identity-403",
    what: "someone else's identity answers 403 where an unknown one answers 404",
    changes: [
      {
        file: "server/modules/rbac/routes/identity-routes.ts",
        from: 'if (!own && !(await authorizer.allows(request.caller, "PATCH", `/api/rbac/identities/${identityId}`))) throw unknown();',
        to: 'if (!own && !(await authorizer.allows(request.caller, "PATCH", `/api/rbac/identities/${identityId}`))) throw new AppError("PERMISSION_ERROR", "this identity belongs to another subject");',
      },
    ],
    tests: ["tests/rbac/identities.test.ts"],
  },
  {
    name: "foreign-line-names-order",
    what: "someone else's order line answers its order's 404, not the unknown line's",
    changes: [
      {
        file: "server/modules/ecommerce/routes/order-routes.ts",
        from: 'await mayUse(request, line.orderId as string, "GET", missing);',
        to: 'await mayUse(request, line.orderId as string, "GET");',
      },
    ],
    tests: ["tests/ecommerce/foreign-order-ids.test.ts"],
  },
  {
    name: "provider-in-transaction",
    what: "slow provider: checkout asks the provider inside the transaction that locks the orders",
    changes: [
      {
        file: "server/modules/ecommerce/checkout.ts",
        from: INVOICE_OPENED,
        to: `${INVOICE_OPENED}\n      ${PROVIDER_CALL}`,
      },
    ],
    tests: ["tests/ecommerce/slow-provider.test.ts"],
  },
  {
    name: "no-connection-error-listener",
    what: "database restart: nothing listens to a pool client's error, so a dropped connection crashes the process",
    changes: [
      { file: "engine/db/open-database.ts", from: 'client.on("error", (error) => report(error, kind));', to: "" },
      { file: "engine/db/open-database.ts", from: 'pool.on("error", () => {});', to: "" },
    ],
    tests: ["tests/production/database-unavailable.test.ts", "tests/production/database-restart.test.ts"],
    postgresOnly: true,
  },
  {
    name: "terminated-is-500",
    what: "database restart: a terminated connection (57P01) is not known as the database being unavailable",
    changes: [
      {
        file: "engine/db/connection-errors.ts",
        from: 'const SQLSTATES = new Set(["57P01", ',
        to: "const SQLSTATES = new Set([",
      },
    ],
    tests: ["tests/production/database-unavailable.test.ts"],
  },
  {
    name: "replica-before-catch-up",
    what: "read replicas: a page dropped for a change is rendered again from a replica that lacks the change",
    changes: [{ file: REPLICA_READS, from: "app.changes.subscribe(() => replicas.afterChange());", to: "" }],
    tests: [REPLICA_TEST],
    replicaOnly: true,
  },
  {
    name: "replica-for-the-signed-in",
    what: "read replicas: a signed-in caller reads a replica, and may not see what they just saved",
    changes: [{ file: REPLICA_READS, from: "!hasSession(request) &&", to: "" }],
    tests: [REPLICA_TEST],
    replicaOnly: true,
  },
  ...securityMutants,
  ...passkeyMutants,
  ...apiKeyMutants,
  ...singleSignOnMutants,
];
