import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { AppError } from "../../engine/errors.js";
import { defineRoute } from "../modules/route.js";

/**
 * Liveness plus a database round trip, for load balancers and `npm start` checks. 503 once the
 * server is shutting down (SIGTERM), so a load balancer stops sending before the listener closes,
 * and 503 DATABASE_UNAVAILABLE ("the database cannot be reached") while the round trip cannot be
 * made (the error handler maps a lost connection); 200 again as soon as the database is back.
 */
export function registerHealthRoute(app: FastifyInstance) {
  const summary =
    "Liveness and a database round trip: status, dialect and the number of models; 503 while shutting down or while the database cannot be reached";
  defineRoute(app, { method: "GET", url: "/api/health", tag: "health", summary, access: "public" }, async () => {
    if (app.lifecycle.draining) throw new AppError("SERVICE_UNAVAILABLE", "the server is shutting down");
    // Raw: a round trip that reads no table, which the builder cannot say.
    await sql`SELECT 1`.execute(app.database.db);
    return { data: { status: "ok", database: app.database.dialect, models: app.registry.exposed.length } };
  });
}
