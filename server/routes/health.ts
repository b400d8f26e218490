import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

/** Liveness plus a database round trip, for load balancers and `npm start` checks. */
export function registerHealthRoute(app: FastifyInstance) {
  app.get("/api/health", async () => {
    await sql`SELECT 1`.execute(app.database.db);
    return { data: { status: "ok", database: app.database.dialect, models: app.registry.exposed.length } };
  });
}
