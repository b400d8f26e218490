// The mutants `npm run mutants` re-runs: each a wrong version of one piece of code that once survived
// the suite or that a security finding was about, and the test files that must now catch it.

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
        file: "engine/query/repository.ts",
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
      { file: "engine/db/open-database.ts", from: 'client.on("error", (error) => report(error, "pool"));', to: "" },
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
  // Security fixes: each mutant puts back the old behaviour one fix is about (docs/benchmarks.md, `npm run mutants`).
  {
    name: "members-only-on-working-copies",
    what: "the members-only walk reads the working links for published rows",
    changes: [
      {
        file: "server/modules/rbac/rbac-services.ts",
        from: "{ working: repositories, published: app.publishedRepositories }",
        to: "{ working: repositories, published: repositories }",
      },
    ],
    tests: ["tests/drafts/members-only-published.test.ts"],
  },
  {
    name: "publish-tree-ignores-caller",
    what: "a page publish publishes every record of its tree, whatever the caller may publish",
    changes: [
      {
        file: "server/drafts/draft-writes.ts",
        from: "publishTreeAs(model, request.params.id, subjectOf(request), callerMayPublish(app, request))",
        to: "publishTreeAs(model, request.params.id, subjectOf(request))",
      },
    ],
    tests: ["tests/drafts/publish-tree-permission.test.ts"],
  },
  {
    name: "one-step-checkout-working-copy",
    what: "the one-step checkout checks the product and store on the working copy",
    changes: [
      {
        file: "server/modules/ecommerce/routes/subject-order-routes.ts",
        from: "const visible = (model: string) => app.publishedRepositories.get(model)!.within({ trx, touched: new Set() });",
        to: "const visible = (model: string) => app.repositories.get(model)!.within({ trx, touched: new Set() });",
      },
    ],
    tests: ["tests/drafts/shop-sells-published.test.ts"],
  },
  {
    name: "prices-read-working-product",
    what: "lines priced, titled and shipped from the working product: a product taken off the site is sold",
    changes: [
      {
        file: "server/modules/ecommerce/prices.ts",
        from: 'products: table("ecommerce/products"),',
        to: 'products: sql.table(registry.get("ecommerce/products").table),',
      },
    ],
    tests: ["tests/drafts/shop-sells-published.test.ts"],
  },
  {
    name: "stock-409-working-title",
    what: "the out-of-stock 409 names the working copy's title",
    changes: [
      {
        file: "server/modules/ecommerce/stock.ts",
        from: 'throw await shortage(trx, visitorProducts(repository("ecommerce/products").model),',
        to: 'throw await shortage(trx, "ecommerce/products",',
      },
      {
        file: "server/modules/ecommerce/orders.ts",
        from: "await assertLeft(this.db, this.visitorProducts, input.productId",
        to: 'await assertLeft(this.db, "ecommerce/products", input.productId',
      },
    ],
    tests: ["tests/drafts/shop-sells-published.test.ts"],
  },
  {
    name: "receipts-listed-to-anyone",
    what: "files routes list, count and read receipts for every caller",
    changes: [
      {
        file: "server/modules/file-storage/subject-files.ts",
        from: '    if (caller.kind === "secret-key" || this.kinds.size === 0) return [];',
        to: '    if (caller.kind === "secret-key" || this.kinds.size >= 0) return [];',
      },
    ],
    tests: ["tests/file-storage/subject-files.test.ts"],
  },
  {
    name: "receipt-cached-public",
    what: "a receipt served public, max-age=31536000, immutable",
    changes: [
      {
        file: "server/modules/file-storage/public-files-route.ts",
        from: 'reader === "private" ? "private, no-store" : "public, max-age=31536000, immutable"',
        to: '"public, max-age=31536000, immutable"',
      },
    ],
    tests: ["tests/file-storage/subject-files.test.ts"],
  },
  {
    name: "receipt-served-to-anyone",
    what: "/public/files serves a receipt to visitors and other members",
    changes: [
      {
        file: "server/modules/file-storage/public-files-route.ts",
        from: '    if (reader === "refused") return reply.code(404).type("text/plain").send("Not found");\n',
        to: "",
      },
    ],
    tests: ["tests/file-storage/subject-files.test.ts"],
  },
  {
    name: "receipts-in-media-grid",
    what: "the media screen lists receipts (as unused images)",
    changes: [
      {
        file: "server/modules/file-storage/media/media-library.ts",
        from: "for (const variant of this.notMedia()) files = ",
        to: "for (const variant of [] as string[]) files = ",
      },
    ],
    tests: ["tests/file-storage/subject-files.test.ts"],
  },
  {
    name: "csv-formulas-live",
    what: "the CSV writer leaves cells starting with =, +, -, @, tab or CR live",
    changes: [
      { file: "server/crud/transfer/csv.ts", from: "  const text = inertCell(value);", to: "  const text = value;" },
    ],
    tests: ["tests/transfer/csv-formulas.test.ts"],
  },
  {
    name: "export-working-for-exporter",
    what: "export reads the working copies for a role that may only export",
    changes: [
      {
        file: "server/crud/transfer/export-route.ts",
        from: '    const view: View = model.published && !(await mayEdit(app, request, model)) ? "published" : "working";',
        to: '    const view: View = "working";',
      },
    ],
    tests: ["tests/transfer/export-copies.test.ts"],
  },
  {
    name: "import-keeps-updated-at",
    what: "an import keeps the file's updatedAt",
    changes: [
      {
        file: "server/crud/transfer/import-plan.ts",
        from: 'const carried = (field: Field) => field.onUpdate !== "now";',
        to: "const carried = (_field: Field) => true;",
      },
    ],
    tests: ["tests/transfer/import-drafts.test.ts"],
  },
  {
    name: "import-records-no-version",
    what: "an import writes rows without versions",
    changes: [
      {
        file: "server/crud/transfer/import-route.ts",
        from: "    await writeImport(app, repository, rows, subjectOf(request));",
        to: "    await repository.importRows(rows); void writeImport; void subjectOf;",
      },
    ],
    tests: ["tests/transfer/import-drafts.test.ts"],
  },
  {
    name: "preview-bad-token-404-where-no-draft",
    what: "?preview=x answers 404 where no working copy is and 403 where one is (drafts enumerable)",
    changes: [
      {
        file: "server/site/preview/page-previews.ts",
        from: 'if (!resolved) return { status: 403, html: plainPreviewRefused(language, "invalid") };',
        to: 'if (!resolved) return { status: 404, html: plainPreviewRefused(language, "invalid") };',
      },
    ],
    tests: ["tests/drafts/preview-refusals.test.ts"],
  },
  {
    name: "request-log-keeps-tokens",
    what: "req.url in request log lines holds preview and order-link tokens",
    changes: [
      {
        file: "server/logging.ts",
        from: "const serializers = { req: redactedRequest };",
        to: "const serializers = {};",
      },
    ],
    tests: ["tests/security/log-redaction.test.ts"],
  },
  {
    name: "request-summary-keeps-tokens",
    what: "the development one-line summary holds the full url",
    changes: [{ file: "server/logging.ts", from: "${redactUrl(request.url)}", to: "${request.url}" }],
    tests: ["tests/security/log-redaction.test.ts"],
  },
  {
    name: "caller-answers-cacheable",
    what: "answers that depend on the caller carry no Cache-Control",
    changes: [
      { file: "server/app.ts", from: "keepPrivateAnswersPrivate(app);", to: "// keepPrivateAnswersPrivate(app);" },
    ],
    tests: ["tests/security/private-answers.test.ts"],
  },
  {
    name: "block-variant-inherited-key",
    what: "the block catalogue's variant looked up with brackets, finding inherited names",
    changes: [
      {
        file: "server/site/host/blocks/block-create.ts",
        from: "const entry = ownEntry(variants, input.variant);",
        to: "const entry = variants[input.variant];",
      },
    ],
    tests: ["tests/host/blocks-api.test.ts", "tests/api/no-500-blocks-and-site.property.test.ts"],
  },
  {
    name: "page-path-decoded-twice",
    what: "the page resolver decodes the already-decoded path again",
    changes: [
      {
        file: "server/lib/url-path.ts",
        from: 'export const decodedSegments = (path: string): string[] => path.split("/").filter((s) => s.length > 0);',
        to: 'export const decodedSegments = (path: string): string[] => path.split("/").filter((s) => s.length > 0).map(safeDecode);',
      },
    ],
    tests: ["tests/site/decode-once.test.ts", "tests/api/no-500-blocks-and-site.property.test.ts"],
  },
  {
    name: "notify-title-refused",
    what: "the original client's notify body refuses notification.title",
    changes: [
      {
        file: "server/modules/notification/original-notify-body.ts",
        from: 'title: { type: "string", minLength: 1, maxLength: 500 },',
        to: "",
      },
    ],
    tests: ["tests/notification/subject-routes.test.ts"],
  },
  {
    name: "unfiltered-count-working",
    what: "a count with no filter counts the working copies for visitors",
    changes: [
      {
        file: "server/crud/register-crud-routes.ts",
        from: "if (!estimate) return { data: await repository.count(visible) };",
        to: "if (!estimate) return { data: await (filters.length ? repository : copies.working).count(visible) };",
      },
    ],
    tests: ["tests/drafts/visitor-counts.test.ts"],
  },
  {
    name: "unfiltered-estimate-working",
    what: "estimate=true with no filter counts the working copies for visitors",
    changes: [
      {
        file: "server/crud/register-crud-routes.ts",
        from: "const { count, estimated } = await repository.countEstimate(visible);",
        to: "const { count, estimated } = await (filters.length ? repository : copies.working).countEstimate(visible);",
      },
    ],
    tests: ["tests/drafts/visitor-counts.test.ts"],
  },
  {
    name: "any-subject-reads-drafts",
    what: "a signed-in member without edit rights reads working copies with draft=true",
    changes: [
      {
        file: "server/drafts/draft-reads.ts",
        from: 'if (!caller || caller.kind === "secret-key") return true;',
        to: 'if (!caller || caller.kind !== "anonymous") return true;',
      },
    ],
    tests: ["tests/drafts/member-draft-reads.test.ts"],
  },
  {
    name: "refund-without-invoice-lock",
    what: "refunds read the invoice without its row lock: two refunds with different keys both accepted",
    changes: [
      {
        file: "server/modules/billing/refunds.ts",
        from: 'selectFrom("billing/invoices").selectAll().where("id", "=", invoiceId).forUpdate()',
        to: 'selectFrom("billing/invoices").selectAll().where("id", "=", invoiceId)',
      },
    ],
    tests: ["tests/billing/concurrent-refunds.test.ts"],
    postgresOnly: true,
  },
  {
    name: "cursor-json-key-unsigned",
    what: "the list cursor's signature leaves out the order's JSON key",
    changes: [
      {
        file: "engine/query/list-cursor.ts",
        from: '`${k.column}${k.key === undefined ? "" : `->>${k.key}`} ${k.direction}`',
        to: "`${k.column} ${k.direction}`",
      },
    ],
    tests: ["tests/api/list-cursor.test.ts"],
  },
  {
    name: "members-only-files-public",
    what: "/public/files serves a file shown only in members-only content publicly with the year-long cache",
    changes: [
      {
        file: "server/modules/file-storage/public-file-access.ts",
        from: 'if (!(await this.hiddenFrom(ANONYMOUS)).has(id)) return "public";',
        to: 'return "public";',
      },
    ],
    tests: ["tests/security/members-only-files.test.ts"],
  },
  {
    name: "product-editor-whole-tree",
    what: "the product editor's publish ignores what the caller may publish (prices and category links go live)",
    changes: [
      {
        file: "server/modules/ecommerce/routes/product-editor-routes.ts",
        from: "await editor.publish(id, subjectOf(request), callerMayPublish(app, request))",
        to: "await editor.publish(id, subjectOf(request), undefined)",
      },
    ],
    tests: ["tests/ecommerce/product-editor-publish-permission.test.ts"],
  },
  {
    name: "unpublish-leaves-tree",
    what: "unpublish removes only the record's own published row: its price links and price rows stay readable",
    changes: [
      {
        file: "server/drafts/publisher.ts",
        from: "const owned = await ownedPublishedTree(trx, this.registry, this.graph, { model: model.id, id }, standsAlone);",
        to: "const owned: Tree = new Map([[model.id, new Set([id])]]);",
      },
    ],
    tests: ["tests/drafts/unpublish-tree.test.ts"],
  },
  {
    name: "preview-ignores-token-author",
    what: "a preview's rehearsal publishes the whole tree whoever made the link",
    changes: [
      {
        file: "server/site/preview/publish-rehearsal.ts",
        from: "const decided = may && (await this.decide(pageId, may));",
        to: "const decided = undefined;",
      },
    ],
    tests: ["tests/drafts/preview-author.test.ts"],
  },
];
