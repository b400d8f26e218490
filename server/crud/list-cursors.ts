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
 * The lists' cursor signer on `app`: keyed from JWT_SECRET (required in production), else from a
 * secret kept in the database under its own purpose, so every instance reads the others' cursors.
 * Resolved before the app listens.
 */
export function registerListCursors(app: FastifyInstance, config: Config) {
  const keys = app.repositories.get("rbac/signing-keys");
  const cursors = new ListCursors(() =>
    keys ? resolveSigningSecret(config.jwtSecret, config.production, keys, { purpose: "list-cursor" }) : config.jwtSecret ?? randomBytes(32).toString("base64url"),
  );
  app.decorate("listCursors", cursors);
  app.addHook("onReady", async () => void (await cursors.ready()));
}
