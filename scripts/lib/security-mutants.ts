// The mutants of security fixes, for `npm run mutants` (scripts/lib/mutant-list.ts lists them with
// the rest): each puts back the old behaviour one fix is about (docs/benchmarks.md).
import type { Mutant } from "./mutant.js";

export const securityMutants: Mutant[] = [
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
        from: "publishTreeAs(model, request.params.id, subjectOf(request), callerMayPublish(app, request), undefined, { all })",
        to: "publishTreeAs(model, request.params.id, subjectOf(request), undefined, undefined, { all })",
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
