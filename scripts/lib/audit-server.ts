import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { buildWebIfChanged } from "../build-web.js";
import { buildServer } from "../build.js";
import { CHROMIUM, freePort } from "./lighthouse-run.js";
import { startServerProcess } from "./server-process.js";

/** Where an audit's server answers, and the secret key for the audit's own set-up calls (never the browser's). */
export interface AuditServer {
  origin: string;
  secret: string;
}

/**
 * Runs `audit` against the compiled server (`npm run build`, NODE_ENV=production; AUDIT_SKIP_BUILD=true
 * reuses the builds) on a fresh embedded database with the demo content, on a free port of
 * 127.0.0.1, with `env` added to its settings. The server stops and its data folder goes however
 * the audit ends; an audit that fails prints the server's last log lines first (a page that failed
 * to load may mean the server stopped).
 */
export async function withAuditServer<T>(
  name: string,
  env: Record<string, string>,
  audit: (server: AuditServer) => Promise<T>,
): Promise<T> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  if (process.env.AUDIT_SKIP_BUILD !== "true") {
    await buildWebIfChanged();
    await buildServer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secret = randomBytes(24).toString("hex");
  const server = await startServerProcess({
    entry: "compiled",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      JWT_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO_CONTENT: "true",
      RBAC_SECRET_KEY: secret,
      LOG_LEVEL: process.env.AUDIT_LOG_LEVEL ?? "warn",
      ...env,
    },
  });
  try {
    return await audit({ origin, secret });
  } catch (error) {
    console.error(
      server.logs
        .slice(-15)
        .map((line) => line.msg ?? JSON.stringify(line))
        .join("\n"),
    );
    throw error;
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
