import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { checkLanguages } from "../engine/schema/languages.js";
import { DEFAULT_REPLICA_MAX_LAG_MS } from "../engine/db/replica-reads.js";
import { oidcFromEnv, type OidcSettings } from "./modules/rbac/single-sign-on/settings.js";

/**
 * The project folder: the nearest folder above this file that holds package.json. That is one
 * level up from server/config.ts under tsx, and two up from the compiled dist/server/main.js, so
 * both find schemas/, migrations/ and web/dist/ (read at run time) in the same place.
 */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

const root = projectRoot();

/** Where the project's own files are. */
export const paths = {
  root,
  schemas: resolve(root, "schemas"),
  migrations: resolve(root, "migrations"),
  generated: resolve(root, "engine/generated"),
};

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder (embedded default), and where uploaded files go. */
  dataDir: string;
  /** postgres://… to use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** DATABASE_READ_URLS: streaming replicas of DATABASE_URL that answer visitors' reads (docs/deploying.md "Read replicas"). */
  databaseReadUrls: string[];
  /** REPLICA_MAX_LAG_MS (2000): a replica lagging more is skipped. */
  replicaMaxLagMs: number;
  /**
   * DRAFTS (on): an editor's save changes the working copy of an x-drafts model and visitors see
   * it once published; off, every save publishes at once (clients that expect live saves).
   */
  drafts: boolean;
  /** VERSIONS_MAX (50): versions kept per x-drafts record; the oldest beyond it go, publish points stay. */
  versionsMax: number;
  /** AUDIT_RETENTION_DAYS (365): audit entries older than this are purged daily (docs/audit.md). */
  auditRetentionDays: number;
  /** DATABASE_NAMED_STATEMENTS (true): statements prepared by name on a PostgreSQL server; false behind a pooler that cannot keep them. */
  databaseNamedStatements: boolean;
  /** Grants every permission to server-to-server callers that send it; unset means no key works. */
  rbacSecretKey?: string;
  logLevel: string;
  /** "pretty" (readable lines, development on a terminal) or "json" (one JSON object per line). */
  logFormat: "pretty" | "json";
  /** After SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /** After SIGTERM, how long the server keeps serving while /api/health answers 503, so a load balancer takes it out first. */
  shutdownDelaySeconds: number;
  allowDestructiveMigrations: boolean;
  schemasDir: string;
  migrationsDir: string;
  /** Where `npm run generate` writes the TypeScript types. */
  generatedDir: string;
  production: boolean;
  /** Signs session JWTs (32+ characters); without it one is made once and kept in the database. Required in production. */
  jwtSecret?: string;
  /** Lifetime of a session JWT, seconds (default 900). */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token, seconds (default 30 days). */
  refreshTokenTtlSeconds: number;
  /** SESSION_COOKIE_HTTP_ONLY: `false` lets page scripts read the session cookie (the original frontend builds its bearer from it); default true. */
  sessionCookieHttpOnly: boolean;
  /** CORS_ORIGINS: other origins whose pages may call the API with credentials (the original frontend on its own origin); empty by default. */
  corsOrigins: string[];
  /** EVM_TIMESTAMP_MESSAGES: accept a wallet signature of a bare `Date.now()` (the original client's message) besides Sign-In with Ethereum; default false. */
  evmTimestampMessages: boolean;
  /** OIDC_ISSUER and the rest: single sign-on with OpenID Connect; undefined (no issuer) keeps it off. */
  oidc?: OidcSettings;
  /** TWO_FACTOR_REQUIRED_ROLES: role slugs (comma list, e.g. `admin`) whose subjects must turn on TOTP before their session reaches anything else; empty by default. */
  twoFactorRequiredRoles: string[];
  /** TWO_FACTOR_KEY (32+ characters): seals stored TOTP secrets and keys recovery-code hashes; default derived from the session signing secret. */
  twoFactorKey?: string;
  /** smtp://user:pass@host:port; without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** The site's address, for links in emails and the Sign-In with Ethereum domain; default http://localhost:{port}. */
  publicUrl: string;
  /** Created or updated at start-up with the admin role when both are set. */
  adminEmail?: string;
  adminPassword?: string;
  /** Requests per minute per client address on each sign-in, sign-up, reset and refresh route. */
  authRateLimit: number;
  /** SEARCH_RATE_LIMIT: requests per minute per client address to the visitors' search, GET /api/search (default 120). */
  searchRateLimit: number;
  /** REDIS_URL: redis://host:6379; set, the request limits are counted in that Redis, whatever the database (docs/security.md). */
  redisUrl?: string;
  /** REDIS_KEY_PREFIX (default `sps:`): before every key the app writes to Redis; instances that count together share it. */
  redisKeyPrefix: string;
  /** SEARCH_CANDIDATES: how many matching records of each type the visitors' search ranks (default 300; docs/search.md#limits). */
  searchCandidates: number;
  /** Behind a proxy: trust its X-Forwarded-For so limits key on the client's address ("true" or the proxies' addresses). */
  trustProxy: boolean | string;
  /** LANGUAGES: the site's languages, BCP 47 codes (default en,ru): language-map inputs, page prefixes, UI texts, mails. */
  languages: string[];
  /** DEFAULT_LANGUAGE: one of `languages` (default en); its pages have no URL prefix and missing translations fall back to it. */
  defaultLanguage: string;
  /** Write the demo site (server/seed/) into a database that has no hosted page yet, at start-up. */
  seedDemoContent: boolean;
  /** NEW_DEVICE_MAIL: mail a subject when it signs in from a browser and address not seen for it before (default true; docs/configuration.md). */
  newDeviceMail: boolean;
  /** PAGE_SHARED_MAX_AGE_SECONDS: how long a CDN may serve a public page before asking again (s-maxage, default 60). */
  pageSharedMaxAgeSeconds: number;
  /** Signs the dummy provider's notifications (PAYMENT_DUMMY_SECRET); without it one is made once and kept in the database. */
  paymentDummySecret?: string;
  /** The dummy provider lets anyone with a payment link mark it paid: on by default, off in production unless PAYMENT_DUMMY_ENABLED=true. */
  paymentDummyEnabled: boolean;
  /** clear-old-orders deletes cart orders untouched for this many days (CART_MAX_AGE_DAYS, default 30). */
  cartMaxAgeDays: number;
  /** The queue cancels orders left unpaid (`paying`) longer than this many hours (UNPAID_ORDER_MAX_AGE_HOURS, default 48). */
  /** PRICES_INCLUDE_TAX (false): prices are gross, tax inside them (EU style), instead of net with tax added (docs/shop-pricing.md). */
  pricesIncludeTax: boolean;
  unpaidOrderMaxAgeHours: number;
  /** A mailed order link stops working this many days after the mail (ORDER_LINK_MAX_AGE_DAYS, default 30). */
  orderLinkMaxAgeDays: number;
  /**
   * The variables these settings were read from (the environment). A part of the app whose
   * settings this file does not list reads its own here: each payment provider its credentials
   * (server/modules/billing/providers/, docs/payments.md).
   */
  environment: Readonly<NodeJS.ProcessEnv>;
  /** Where uploaded and generated files go, how large they may be, and what create-from-url may fetch (docs/files.md). */
  fileStorage: FileStorageSettings;
  /** The delivery queue of notifications and background jobs (docs/notifications.md). */
  notifications: NotificationSettings;
  /** Who is mailed a paid order and a form submission, and in which language (docs/notifications.md). */
  shopOwner: ShopOwnerSettings;
}

export interface ShopOwnerSettings {
  /** SHOP_OWNER_EMAILS: comma-separated addresses; empty (the default): the emails of the subjects holding the admin role. */
  emails: string[];
  /** SHOP_OWNER_LANGUAGE: one of `languages` (default en), the language of the owner's mails. */
  language: string;
}

export interface NotificationSettings {
  /** NOTIFICATION_WORKER: `false` makes this instance queue work but never run it (a web-only tier, with other instances running the queue). */
  worker: boolean;
  /** NOTIFICATION_POLL_MS: how often an instance looks for due work (default 1000); 0 only when this instance queued some. */
  pollMs: number;
  /** NOTIFICATION_LEASE_SECONDS: how long a send or job may run before its worker counts as stopped (default 300). */
  leaseSeconds: number;
  /** NOTIFICATION_RETRY_BASE_MS: the first retry's delay after a temporary failure, doubling each time up to an hour (default 30 s). */
  retryBaseMs: number;
  /** NOTIFICATION_MAX_ATTEMPTS: tries before a message or job is marked failed (default 12, about six hours). */
  maxAttempts: number;
}

export interface FileStorageSettings {
  /** FILE_STORAGE: `local` (disk under DATA_DIR/uploads, the default) or `s3`. */
  driver: "local" | "s3";
  s3?: S3Settings;
  /** UPLOAD_MAX_BYTES: the largest file an upload or create-from-url may store (default 50 MiB). */
  maxBytes: number;
  /**
   * URL_FETCH_ALLOWED_ADDRESSES: addresses or CIDR ranges create-from-url may reach although they
   * are private (loopback, LAN). Empty in production; tests name their loopback server here.
   */
  fetchAllowedAddresses: string[];
  /** URL_FETCH_TIMEOUT_MS: the whole fetch of a remote file, redirects included (default 15 s). */
  fetchTimeoutMs: number;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, …); unset for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want; on when an endpoint is set. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several sites. */
  prefix: string;
}

/** Settings come from the environment (docs/configuration.md). */
/** SEARCH_CANDIDATES as a whole number of at least 1; a setting that is not one stops the start. */
function searchCandidatesFrom(value: string | undefined): number {
  const candidates = Number(value ?? 300);
  if (!Number.isInteger(candidates) || candidates < 1)
    throw new Error(`SEARCH_CANDIDATES must be a whole number of at least 1, not "${value}"`);
  return candidates;
}

/** DATABASE_READ_URLS, a comma list of postgres:// URLs; only beside DATABASE_URL (the embedded database has no replicas). */
function readUrlsFrom(env: NodeJS.ProcessEnv): string[] {
  const urls = (env.DATABASE_READ_URLS ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length && !env.DATABASE_URL) throw new Error("DATABASE_READ_URLS needs DATABASE_URL (the primary)");
  const wrong = urls.find((url) => !/^postgres(ql)?:\/\//.test(url));
  if (wrong)
    throw new Error(
      `DATABASE_READ_URLS takes postgres:// URLs, not ${JSON.stringify(wrong.replace(/:[^:@/]*@/, ":***@"))}`,
    );
  return urls;
}

function twoFactorKeyFrom(value: string | undefined): string | undefined {
  if (value && value.length < 32) throw new Error("TWO_FACTOR_KEY must be at least 32 characters");
  return value || undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrls: readUrlsFrom(env),
    replicaMaxLagMs: parsePositiveInteger(env, "REPLICA_MAX_LAG_MS", DEFAULT_REPLICA_MAX_LAG_MS),
    databaseNamedStatements: parseBoolean(env, "DATABASE_NAMED_STATEMENTS", true),
    drafts: parseOnOff(env, "DRAFTS", true),
    versionsMax: parsePositiveInteger(env, "VERSIONS_MAX", 50),
    auditRetentionDays: parsePositiveInteger(env, "AUDIT_RETENTION_DAYS", 365),
    rbacSecretKey: env.RBAC_SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    logFormat: parseLogFormat(env),
    shutdownTimeoutSeconds: Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? 30),
    shutdownDelaySeconds: Number(env.SHUTDOWN_DELAY_SECONDS ?? 0),
    allowDestructiveMigrations: env.ALLOW_DESTRUCTIVE_MIGRATIONS === "true",
    schemasDir: paths.schemas,
    migrationsDir: paths.migrations,
    generatedDir: paths.generated,
    production: env.NODE_ENV === "production",
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 30 * 24 * 3600),
    sessionCookieHttpOnly: parseBoolean(env, "SESSION_COOKIE_HTTP_ONLY", true),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    evmTimestampMessages: parseBoolean(env, "EVM_TIMESTAMP_MESSAGES", false),
    oidc: oidcFromEnv(env),
    twoFactorRequiredRoles: (env.TWO_FACTOR_REQUIRED_ROLES ?? "")
      .split(",")
      .map((role) => role.trim())
      .filter(Boolean),
    twoFactorKey: twoFactorKeyFrom(env.TWO_FACTOR_KEY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "SPS <no-reply@localhost>",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    searchRateLimit: Number(env.SEARCH_RATE_LIMIT ?? 120),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? "sps:",
    searchCandidates: searchCandidatesFrom(env.SEARCH_CANDIDATES),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemoContent: env.SEED_DEMO_CONTENT !== "false",
    newDeviceMail: parseBoolean(env, "NEW_DEVICE_MAIL", true),
    ...parseLanguages(env),
    pageSharedMaxAgeSeconds: Number(env.PAGE_SHARED_MAX_AGE_SECONDS ?? 60),
    paymentDummySecret: env.PAYMENT_DUMMY_SECRET || undefined,
    paymentDummyEnabled: env.PAYMENT_DUMMY_ENABLED
      ? env.PAYMENT_DUMMY_ENABLED === "true"
      : env.NODE_ENV !== "production",
    cartMaxAgeDays: Number(env.CART_MAX_AGE_DAYS ?? 30),
    unpaidOrderMaxAgeHours: Number(env.UNPAID_ORDER_MAX_AGE_HOURS ?? 48),
    pricesIncludeTax: parseBoolean(env, "PRICES_INCLUDE_TAX", false),
    orderLinkMaxAgeDays: Number(env.ORDER_LINK_MAX_AGE_DAYS ?? 30),
    environment: { ...env },
    fileStorage: fileStorageFromEnv(env),
    notifications: {
      worker: env.NOTIFICATION_WORKER !== "false",
      pollMs: Number(env.NOTIFICATION_POLL_MS ?? 1000),
      leaseSeconds: Number(env.NOTIFICATION_LEASE_SECONDS ?? 300),
      retryBaseMs: Number(env.NOTIFICATION_RETRY_BASE_MS ?? 30_000),
      maxAttempts: Number(env.NOTIFICATION_MAX_ATTEMPTS ?? 12),
    },
    shopOwner: shopOwnerFromEnv(env),
  };
}

/** SHOP_OWNER_EMAILS and SHOP_OWNER_LANGUAGE; a language the site does not have stops the start, naming it. */
export function shopOwnerFromEnv(env: NodeJS.ProcessEnv): ShopOwnerSettings {
  const language = env.SHOP_OWNER_LANGUAGE?.trim() || "en";
  const { languages } = parseLanguages(env);
  if (!languages.includes(language))
    throw new Error(`SHOP_OWNER_LANGUAGE must be one of LANGUAGES (${languages.join(", ")}), not ${language}`);
  return { emails: list(env.SHOP_OWNER_EMAILS), language };
}

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export function fileStorageFromEnv(env: NodeJS.ProcessEnv): FileStorageSettings {
  const driver = env.FILE_STORAGE === "s3" ? "s3" : "local";
  if (env.FILE_STORAGE && !["local", "s3"].includes(env.FILE_STORAGE))
    throw new Error(`FILE_STORAGE must be local or s3, not ${env.FILE_STORAGE}`);
  if (driver === "s3" && !env.S3_BUCKET) throw new Error("FILE_STORAGE=s3 needs S3_BUCKET");
  const endpoint = env.S3_ENDPOINT || undefined;
  return {
    driver,
    s3:
      driver === "s3"
        ? {
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION || "us-east-1",
            endpoint,
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : Boolean(endpoint),
            prefix: env.S3_PREFIX ?? "",
          }
        : undefined,
    maxBytes: Number(env.UPLOAD_MAX_BYTES ?? 50 * 1024 * 1024),
    fetchAllowedAddresses: list(env.URL_FETCH_ALLOWED_ADDRESSES),
    fetchTimeoutMs: Number(env.URL_FETCH_TIMEOUT_MS ?? 15_000),
  };
}

/**
 * LANGUAGES (comma-separated BCP 47 codes) and DEFAULT_LANGUAGE: a bad code, a repeated one or a
 * default outside the list stops the start with a message naming it, rather than a site whose
 * prefixes silently fail.
 */
export function parseLanguages(env: NodeJS.ProcessEnv): { languages: string[]; defaultLanguage: string } {
  const languages = env.LANGUAGES ? list(env.LANGUAGES) : ["en", "ru"];
  const defaultLanguage = env.DEFAULT_LANGUAGE?.trim() || "en";
  const problem = checkLanguages(languages, defaultLanguage);
  if (problem) throw new Error(problem);
  return { languages, defaultLanguage };
}

/** LOG_FORMAT when set; else readable lines for a person at a terminal in development, JSON everywhere else. */
function parseLogFormat(env: NodeJS.ProcessEnv): "pretty" | "json" {
  if (env.LOG_FORMAT === "pretty" || env.LOG_FORMAT === "json") return env.LOG_FORMAT;
  return env.NODE_ENV !== "production" && process.stdout.isTTY ? "pretty" : "json";
}

/**
 * A setting that weakens a default must say exactly `true` or `false`: a typo ("flase", "0")
 * stops the start rather than silently picking one.
 */
function parseOnOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (value === "on" || value === "off") return value === "on";
  throw new Error(`${name} must be on or off, not ${JSON.stringify(value)}`);
}

/** A count that must be a whole number of at least 1: "0", "ten" or "2.5" stops the start. */
function parsePositiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (/^[1-9][0-9]{0,8}$/.test(value)) return Number(value);
  throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(value)}`);
}

function parseBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (value === "true" || value === "false") return value === "true";
  throw new Error(`${name} must be true or false, not ${JSON.stringify(value)}`);
}

/**
 * CORS_ORIGINS: comma-separated origins (`https://shop.example.com,http://localhost:3001`). Each
 * must be exactly an origin — scheme, host, optional port, nothing after — because the answer's
 * Access-Control-Allow-Origin repeats it and browsers compare it character for character; `*`
 * cannot go with credentials. Anything else is a start-up error naming the entry.
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  return list(value).map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const origin = url && (url.protocol === "http:" || url.protocol === "https:") ? url.origin : undefined;
    if (!origin || entry.replace(/\/$/, "").toLowerCase() !== origin) {
      throw new Error(
        `CORS_ORIGINS: ${JSON.stringify(entry)} is not an origin such as https://shop.example.com (http or https, a host, an optional port, no path)`,
      );
    }
    return origin;
  });
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}
