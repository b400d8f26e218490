import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config.js";

/** What buildApp registers every module with. */
export interface ModuleOptions {
  config: Config;
}

/**
 * One module: a Fastify plugin wrapped by fastify-plugin, so what it decorates (its services,
 * its hooks) is on the app for the modules and routes registered after it. Its name and
 * dependencies are the plugin's metadata: Fastify refuses to register it unless every
 * dependency was registered before it ("The dependency 'billing' of plugin 'ecommerce' is not
 * registered"), so a wrong list (server/modules/index.ts) stops start-up naming both.
 */
export type Module = FastifyPluginAsync<ModuleOptions> & {
  readonly moduleName: string;
  readonly dependencies: readonly string[];
};

/**
 * A module from its name, the modules whose decorations it uses while registering (and "rbac"
 * for a module with /api routes: rbac's hook guards only the routes registered after it), and
 * what it registers. Its routes go in a child context of their own (`app.register(async (routes)
 * => …)`), so nothing they add (body parsers, hooks) reaches the rest of the app.
 */
export function defineModule(
  name: string,
  dependencies: readonly string[],
  register: (app: FastifyInstance, config: Config) => Promise<void> | void,
): Module {
  const plugin: FastifyPluginAsync<ModuleOptions> = async (app, { config }) => {
    await register(app, config);
  };
  return Object.assign(fastifyPlugin(plugin, { name, dependencies: [...dependencies], fastify: "5.x" }), {
    moduleName: name,
    dependencies,
  });
}
