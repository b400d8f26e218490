import type { FastifyInstance } from "fastify";
import { AUDIT_MODEL, AuditTrail } from "../../engine/audit/audit-trail.js";
import type { Repositories } from "../../engine/query/repositories.js";
import type { Registry } from "../../engine/schema/registry.js";
import { auditRequestsAsActors } from "./request-actor.js";
import { UNAUDITED_MODELS } from "./unaudited-models.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The audit log (docs/audit.md): every audited repository writes its entries itself; events
     * that are no record's write (a publish, a sign-in) are added with `app.audit.record(trx, …)`
     * in the transaction that made them. Absent when the schemas have no audit entries model.
     */
    audit?: AuditTrail;
  }
}

/**
 * Turns on the audit log: each model's repository (the working copies; publishing is recorded as
 * its own event) records its writes, but the UNAUDITED_MODELS', and each request is the actor of
 * the writes it makes.
 */
export function registerAuditLog(app: FastifyInstance, registry: Registry, repositories: Repositories) {
  const entries = registry.models.find((m) => m.id === AUDIT_MODEL);
  if (!entries) return;
  const audited = new Map(registry.models.filter((m) => !UNAUDITED_MODELS.has(m.id)).map((m) => [m.id, m]));
  const trail = new AuditTrail(entries.table, audited);
  for (const [id, repository] of repositories) if (audited.has(id)) repository.auditInto(trail);
  app.decorate("audit", trail);
  auditRequestsAsActors(app);
}
