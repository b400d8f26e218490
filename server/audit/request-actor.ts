import type { FastifyInstance, FastifyRequest } from "fastify";
import { actingAs, type ActorSource, type WriteActor } from "../../engine/audit/write-actor.js";

/**
 * A request as the author of the writes it makes (engine/audit/write-actor.ts): read when a write
 * asks, so it names the caller the authorization hook decided, and once per request at most.
 */
class RequestActor implements ActorSource {
  private known?: WriteActor;

  constructor(private readonly request: FastifyRequest) {}

  actor(): WriteActor {
    // Cached once the caller is known: the authorization hook sets it before any handler writes.
    if (this.known) return this.known;
    const request = this.request;
    const caller = request.caller;
    const actor: WriteActor = {
      via:
        caller?.kind === "secret-key"
          ? "secret-key"
          : caller?.kind === "subject"
            ? request.apiKeyId
              ? "api-key"
              : "session"
            : "anonymous",
      subjectId: caller?.kind === "subject" ? caller.subjectId : null,
      apiKeyId: request.apiKeyId ?? null,
      address: request.ip ?? null,
      userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : null,
    };
    if (caller) this.known = actor;
    return actor;
  }
}

/**
 * Every request runs as its own actor: whatever it writes, through any repository or module, is
 * audited with its caller, how it authenticated, its address and user agent (docs/audit.md).
 */
export function auditRequestsAsActors(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => actingAs(new RequestActor(request), done));
}
