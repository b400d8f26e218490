import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

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
  /** Grants every permission to server-to-server callers that send it; unset means no key works. */
  rbacSecretKey?: string;
  logLevel: string;
  allowDestructiveMigrations: boolean;
  schemasDir: string;
  migrationsDir: string;
  /** Where `npm run generate` writes the TypeScript types. */
  generatedDir: string;
  production: boolean;
}

/** Settings come from the environment (README "Settings"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    rbacSecretKey: env.RBAC_SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    allowDestructiveMigrations: env.ALLOW_DESTRUCTIVE_MIGRATIONS === "true",
    schemasDir: paths.schemas,
    migrationsDir: paths.migrations,
    generatedDir: paths.generated,
    production: env.NODE_ENV === "production",
  };
}
