import type { FastifyInstance } from "fastify";
import type { Condition } from "../../engine/query/list-query.js";
import type { Caller } from "../modules/rbac/index.js";

/**
 * A module's own rule for which rows of one of its models a caller may read through the generic
 * routes (file-storage: files made for a subject). Lists, counts and exports add its condition;
 * a read by id of a row it hides is the unknown id's 404.
 */
export interface ReadLimit {
  exclusion(caller: Caller): Promise<Condition | undefined>;
  hides(caller: Caller, record: Record<string, unknown>): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    readLimits: Map<string, ReadLimit>;
  }
}

/** Sets a model's read limit; call before the generic routes are registered. */
export function addReadLimit(app: FastifyInstance, model: string, limit: ReadLimit) {
  if (!app.hasDecorator("readLimits")) app.decorate("readLimits", new Map<string, ReadLimit>());
  app.readLimits.set(model, limit);
}

/** The model's read limit, if a module set one. */
export const readLimitOf = (app: FastifyInstance, model: string): ReadLimit | undefined =>
  app.hasDecorator("readLimits") ? app.readLimits.get(model) : undefined;
