import { AsyncLocalStorage } from "node:async_hooks";

/** How a write's author reached the server (the audit entries' `via`). */
export type AuditVia = "session" | "api-key" | "secret-key" | "anonymous" | "system";

/** Who made a write and from where: what an audit entry records beside the change. */
export interface WriteActor {
  via: AuditVia;
  subjectId: string | null;
  apiKeyId: string | null;
  address: string | null;
  userAgent: string | null;
}

/**
 * Answers the actor of the work running now. A request's source answers it when asked, not when
 * the request starts: the authorization hook decides the caller after the context is set.
 */
export interface ActorSource {
  actor(): WriteActor;
}

/** Work with no request behind it: jobs, the seed, start-up. */
export const SYSTEM_ACTOR: WriteActor = Object.freeze({
  via: "system",
  subjectId: null,
  apiKeyId: null,
  address: null,
  userAgent: null,
});

const SYSTEM_SOURCE: ActorSource = { actor: () => SYSTEM_ACTOR };

const sources = new AsyncLocalStorage<ActorSource>();

/** Runs `work` (and everything it starts) on behalf of `source`: the server's request hook does. */
export function actingAs<T>(source: ActorSource, work: () => T): T {
  return sources.run(source, work);
}

/** Runs `work` as the system, whatever request started it (a job a request runs at once). */
export function actingAsSystem<T>(work: () => T): T {
  return sources.run(SYSTEM_SOURCE, work);
}

/** The actor of the work running now; the system's outside any request. */
export function currentActor(): WriteActor {
  const source = sources.getStore();
  return source ? source.actor() : SYSTEM_ACTOR;
}
