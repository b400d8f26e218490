import Fastify, { type FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { queryStringParser } from "./plugins/query-string.js";
import { generate, pendingChanges } from "../engine/codegen/generate.js";
import { openDatabase, type Database } from "../engine/db/open-database.js";
import { Repository } from "../engine/query/repository.js";
import { Repositories } from "../engine/query/repositories.js";
import { loadRegistry } from "../engine/schema/load.js";
import { applyLanguages } from "../engine/schema/languages.js";
import type { Registry } from "../engine/schema/registry.js";
import { migrate } from "../engine/sql/migrator.js";
import { holdStartLock } from "../engine/sql/start-lock.js";
import { constraintFields } from "../engine/sql/snapshot.js";
import type { Config } from "./config.js";
import { Publisher } from "./drafts/publisher.js";
import { VersionHistory } from "./drafts/version-history.js";
import { registerScheduledPublishing } from "./drafts/schedule-jobs.js";
import { registerReadRoutes, registerWriteRoutes } from "./crud/register-crud-routes.js";
import { registerListCursors } from "./crud/list-cursors.js";
import { registerAuditLog } from "./audit/audit-setup.js";
import { frameworkErrors, registerErrorHandling } from "./plugins/errors.js";
import { BODY_LIMIT, registerBodyParsers } from "./plugins/request-data.js";
import rateLimit from "@fastify/rate-limit";
import { requestLimitStore } from "./security/request-limit-store.js";
import { ChangeFeed } from "../engine/query/change-feed.js";
import { shareChangesBetweenInstances } from "./plugins/shared-changes.js";
import { routeVisitorReadsToReplicas } from "./plugins/replica-reads.js";
import { collectRouteDocs } from "./plugins/route-docs.js";
import { registerDocsRoutes } from "./routes/docs.js";
import { registerHealthRoute } from "./routes/health.js";
import { registerPublishingQueueRoute } from "./drafts/publishing-queue-route.js";
import { providerEnums } from "./modules/billing/providers/index.js";
import { crmEnums } from "./modules/crm/input-types.js";
import { registerWebFiles } from "./delivery/static-files.js";
import type { WebLayer } from "./delivery/web-layer.js";
import { allowCrossOriginCallers } from "./security/cors.js";
import { refuseCrossSiteRequests } from "./security/cross-site.js";
import { refuseNulInUrls } from "./security/nul-in-url.js";
import { sendSecurityHeaders } from "./security/security-headers.js";
import { keepPrivateAnswersPrivate } from "./security/private-answers.js";
import { compressAnswers } from "./delivery/compression.js";
import { registerDraining } from "./lifecycle/draining.js";
import { OneLinePerRequest, loggerOptions } from "./logging.js";
import { modules as allModules } from "./modules/index.js";
import type { Module } from "./modules/module.js";

declare module "fastify" {
  interface FastifyInstance {
    registry: Registry;
    database: Database;
    repositories: Repositories;
    /** The copies visitors read (docs/drafts.md): x-drafts models' published copies, others' only table. */
    publishedRepositories: Repositories;
    /** Publishing x-drafts records and their trees. */
    drafts: Publisher;
    /** Which model's rows changed, after commit: caches subscribe to it. */
    changes: ChangeFeed;
    /** What the server uses of web/ (the site's render, its variants, the built bundles), handed in by app/. */
    web: WebLayer;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The modules to register, in order (tests add a fixture module); by default server/modules/index.ts's list. */
  modules?: readonly Module[];
  /**
   * The browser code's parts the server runs (server/delivery/web-layer.ts): the composition root
   * (app/compose-app.ts) passes web/'s, so nothing under server/ imports web/.
   */
  web: WebLayer;
  /**
   * false: no audit log. Only bench:crud's baseline uses it (scripts/bench/crud.ts,
   * BENCH_BASELINE=unaudited), to measure what the log costs a write; the app always audits.
   */
  audit?: false;
}

/**
 * A schema file added or changed without `npm run generate`: in development the migration is
 * written now, so a restart is all it takes (commit the new files); in production the app
 * refuses to start rather than serve routes with no table behind them.
 */
async function generateMigrationForSchemaChanges(config: Config, log: (message: string) => void) {
  const where = {
    schemasDir: config.schemasDir,
    migrationsDir: config.migrationsDir,
    generatedDir: config.generatedDir,
  };
  const changes = pendingChanges(where);
  if (changes.length === 0) return;
  if (config.production) {
    throw new Error(
      `schemas/ has ${changes.length} change(s) with no migration: run npm run generate and deploy the migration`,
    );
  }
  const result = await generate(where);
  log(`schemas changed: wrote migrations/${result.migration} and the types; commit them`);
}

/**
 * Read replicas (DATABASE_READ_URLS) that cannot be reached are skipped, their reads going to the
 * primary: the log says when one goes away and when it is back, and which are away at start.
 */
function logReplicaStates(app: FastifyInstance, database: Database) {
  const replicas = database.replicas;
  if (!replicas) return;
  for (const replica of replicas.status())
    if (!replica.up) app.log.warn({ replica: replica.name }, "read replica unavailable: its reads go to the primary");
  const unheard = replicas.onStateChange((replica, up, err) =>
    up
      ? app.log.info({ replica }, "read replica back: visitors' reads go to it again")
      : app.log.warn(
          { replica, err: err && { message: err.message } },
          "read replica unavailable: its reads go to the primary",
        ),
  );
  app.addHook("onClose", async () => unheard());
}

/** Loads the schemas, migrates the database and returns the app with every route registered. */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const modules = options.modules ?? allModules;
  // One process serves one site: its languages are read everywhere (prefixes, inputs, texts) from
  // engine/schema/languages.ts, so they are applied before anything reads them.
  applyLanguages(config.languages, config.defaultLanguage);
  // x-enum-from lists: the invoice's provider takes the payment provider list's names.
  // The `language` fields take the LANGUAGES setting, and DEFAULT_LANGUAGE as their default.
  const languages = { values: config.languages, default: config.defaultLanguage };
  const registry = loadRegistry(config.schemasDir, { enums: { ...providerEnums(config), ...crmEnums(), languages } });
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      readUrls: config.databaseReadUrls,
      replicaMaxLagMs: config.replicaMaxLagMs,
      namedStatements: config.databaseNamedStatements,
      dataDir: config.databaseUrl ? undefined : join(config.dataDir, "pglite"),
    }));

  const app = Fastify({
    logger: options.logger === false ? false : await loggerOptions(config, options.logStream),
    genReqId: () => randomUUID(),
    ...(config.production ? {} : { logController: new OneLinePerRequest() }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: frameworkErrors(config.production),
    routerOptions: { querystringParser: queryStringParser() },
    // Requests arriving while the server closes get the JSON error body's 503 (docs/api.md "Errors") from registerDraining.
    return503OnClosing: false,
    // A first start writes the demo content inside the site plugin (and every start may wait its
    // turn behind other instances' starts): on a busy machine that outlasts Fastify's default 10 s.
    pluginTimeout: 120_000,
  });
  if (!options.database) app.addHook("onClose", () => database.close());
  // A restart or failover of the database drops its connections: logged here, answered 503 by
  // the error handler while it lasts, and served again by itself once it is back.
  const unheard = database.onConnectionLost?.((err, connection) =>
    app.log.warn(
      { err: { message: err.message, code: (err as { code?: string }).code }, connection },
      "database connection lost",
    ),
  );
  if (unheard) app.addHook("onClose", async () => unheard());
  logReplicaStates(app, database);

  // Instances starting together take turns here (engine/sql/start-lock.ts): what a start writes
  // (migrations, default roles, the admin, the demo content) is written once, by the first, and
  // the others find it there. The grants, written when the app is ready, take their turn then.
  const releaseStartLock = await holdStartLock(database);
  try {
    await startApp(app, config, options, registry, database, modules);
  } finally {
    await releaseStartLock();
  }
  return app;
}

/** Migrates and registers everything, while no other instance of the site is starting. */
async function startApp(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
  registry: Registry,
  database: Database,
  modules: readonly Module[],
) {
  await generateMigrationForSchemaChanges(config, (message) => app.log.info(message));
  await migrate(database.db, config.migrationsDir, {
    allowDestructive: config.allowDestructiveMigrations,
    log: (message) => app.log.info(message),
  });

  const constraints = constraintFields(registry);
  const changes = new ChangeFeed();
  const repositories = new Repositories(
    registry.models.map((m) => [m.id, new Repository(m, database, constraints, changes)]),
  );
  // What visitors read: an x-drafts model's published copies, every other model's one table.
  const publishedRepositories = new Repositories(
    registry.models.map((m) => [
      m.id,
      m.published ? new Repository(m.published, database, constraints, changes) : repositories.get(m.id)!,
    ]),
  );
  app.decorate("registry", registry);
  app.decorate("database", database);
  app.decorate("repositories", repositories);
  if (options.audit !== false) registerAuditLog(app, registry, repositories);
  app.decorate("publishedRepositories", publishedRepositories);
  const versions = new VersionHistory(registry, database, constraints, config.versionsMax);
  app.decorate("drafts", new Publisher(registry, database, constraints, changes, config.drafts, versions));
  app.drafts.publishOnEverySave(repositories);
  app.drafts.auditInto(app.audit);
  app.decorate("changes", changes);
  app.decorate("web", options.web);
  registerListCursors(app, config);

  registerErrorHandling(app, config.production);
  sendSecurityHeaders(app, config.production);
  keepPrivateAnswersPrivate(app);
  compressAnswers(app);
  refuseNulInUrls(app);
  allowCrossOriginCallers(app, config.corsOrigins);
  refuseCrossSiteRequests(app, config.publicUrl, config.corsOrigins);
  registerDraining(app);
  routeVisitorReadsToReplicas(app, config.production);
  const moduleRouteDocs = collectRouteDocs(app);
  await shareChangesBetweenInstances(app);
  // Limits are opted into per route (sign-in, sign-up, reset, refresh), keyed by client address.
  // Counted in Redis with REDIS_URL, else in the database on a PostgreSQL server, so that
  // instances share each limit; in memory on the embedded database (one instance).
  await app.register(rateLimit, { global: false, ...(await requestLimitStore(app, database, config)) });
  // Each module is a plugin naming the modules it needs: Fastify stops start-up at the first one
  // registered before a module it depends on, naming both (server/modules/module.ts).
  for (const module of modules) await app.register(module, { config });
  // Scheduled publishing runs in the notification module's jobs queue.
  registerScheduledPublishing(app);
  // After the modules: rbac's hook guards these /api routes too.
  registerHealthRoute(app);
  // The dashboard's pages and products waiting to be published, and the scheduled ones.
  registerPublishingQueueRoute(app);
  registerDocsRoutes(app, moduleRouteDocs, config.publicUrl);
  registerWebFiles(app, options.web.bundles.dir);

  // Generic routes for every exposed model; the rbac module's hook has authorized each request,
  // so without that module Fastify stops start-up ("The dependency 'rbac' of plugin 'generic-routes' …").
  const genericRoutes = fastifyPlugin(
    async (crud: FastifyInstance) => {
      const exposed = registry.exposed.map((m) => repositories.get(m.id)!);
      for (const repository of exposed) registerReadRoutes(crud, repository);
      await crud.register(async (writes) => {
        await registerBodyParsers(writes);
        for (const repository of exposed) registerWriteRoutes(writes, repository);
      });
    },
    { name: "generic-routes", dependencies: ["rbac"], encapsulate: true },
  );
  await app.register(genericRoutes);
}
