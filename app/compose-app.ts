import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../server/app.js";
import type { Config } from "../server/config.js";
import { webLayer } from "./web-layer.js";

/**
 * The whole app: the server (server/app.ts) with the browser code's parts it runs (web-layer.ts).
 * app/ is the composition root, the one place above both layers: server/ never imports web/, and
 * web/ never imports server/ (tests/structure/import-rules.test.ts). The entry (main.ts), the
 * scripts and the tests build the app here.
 */
export function composeApp(config: Config, options: Omit<BuildOptions, "web"> = {}): Promise<FastifyInstance> {
  return buildApp(config, { ...options, web: webLayer });
}
