import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ListCursors } from "../../engine/query/list-cursor.js";
import type { Config } from "../config.js";
import { resolveSigningSecret } from "../lib/signing-secret.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Makes and reads the lists' `after` cursors (engine/query/list-cursor.ts). */
    listCursors: ListCursors;
  }
}

/**
 * The lists' cursor signer on `app`: its key is derived (HMAC, labelled "list-cursor") from the
 * server secret that signs sessions, JWT_SECRET (required in production) or else the one kept in
 * the database, so every instance reads the others' cursors. Resolved before the app listens.
 */
export function registerListCursors(app: FastifyInstance, config: Config) {
  const keys = app.repositories.get("rbac/signing-keys");
  const cursors = new ListCursors(() =>
    keys
      ? resolveSigningSecret(config.jwtSecret, config.production, keys)
      : (config.jwtSecret ?? randomBytes(32).toString("base64url")),
  );
  app.decorate("listCursors", cursors);
  app.addHook("onReady", async () => void (await cursors.ready()));
}
