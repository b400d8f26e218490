import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Filter } from "../../engine/query/list-query.js";
import type { Model } from "../../engine/schema/model.js";
import type { View } from "../drafts/draft-reads.js";
import { readLimitOf } from "./read-limits.js";

/**
 * The conditions that keep a caller to the rows it may read of a model: members-only rows (content
 * reachable only through a link the caller may not read) are left out, and so are other subjects'
 * rows to a subject reading by the owned-records rule (rbac/permissions/own-rows.ts). Lists,
 * counts and exports all add them, so none answers a row another would hide.
 */
export function visibleRows(app: FastifyInstance, model: Model) {
  /** A subject reading by the owned-records rule: the condition that keeps its own rows. */
  const ownRows = (request: FastifyRequest) =>
    request.ownRowsOf === model.id && request.caller.kind === "subject"
      ? app.rbac.ownRows.condition(request.caller.subjectId, model.id)
      : undefined;
  /** A module's own rule for this model (read-limits.ts): files made for one subject. */
  const limit = readLimitOf(app, model.id);
  /**
   * The conditions with the caller's limits added; as they are, with no promise, when there are
   * none (the secret key). `view`: the copy the rows are read from, whose links decide what is
   * members-only (a visitor's published rows by the published links).
   */
  const visibleTo = (
    request: FastifyRequest,
    conditions: Filter[],
    view: View = "published",
  ): Filter[] | Promise<Filter[]> => {
    const exclusion = app.rbac.membersOnly.exclusion(request.caller, model.id, view);
    const own = ownRows(request);
    const limited = limit?.exclusion(request.caller);
    if (exclusion === undefined && own === undefined && limited === undefined) return conditions;
    return Promise.all([exclusion, own, limited]).then((more) => [
      ...conditions,
      ...more.filter((c) => c !== undefined),
    ]);
  };
  return { ownRows, visibleTo, limit };
}
