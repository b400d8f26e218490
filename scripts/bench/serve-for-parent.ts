import type { FastifyInstance } from "fastify";

/**
 * Runs a benchmark server as crud.ts's child: reports its port, answers CPU-time requests
 * (CPU per request is steadier than req/s alone when other work shares the machine), and
 * stops with the parent, on a signal or when the parent goes away.
 */
export async function serveForParent(app: FastifyInstance, release: () => Promise<void>) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
  const stop = async () => {
    await app.close();
    await release();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
  process.on("message", (message) => message === "cpu" && process.send?.({ cpu: process.cpuUsage() }));
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : Number(process.env.PORT) });
}
