import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";

/** What a module is given besides the app (its decorations: registry, database, repositories, changes, and earlier modules'). */
export interface ModuleContext {
  config: Config;
}

/**
 * One module: a folder's entry point (its `index.ts`), listed in `server/modules/index.ts`.
 * `register` decorates the app with the module's services and registers its routes; it runs once,
 * in list order, after the modules named in `dependsOn` — the ones whose decorations it uses
 * while registering, and "rbac" for a module with /api routes (rbac's hook guards only the
 * routes registered after it).
 */
export interface Module {
  name: string;
  dependsOn: readonly string[];
  register(app: FastifyInstance, context: ModuleContext): Promise<void> | void;
}

/**
 * Throws unless every module's dependencies are listed before it, naming the module and the
 * dependency, so a wrong list stops start-up before anything is registered. `required`: modules
 * the app itself needs (the generic routes pass rbac's hook and read its services).
 */
export function checkModuleOrder(modules: readonly Module[], required: readonly string[] = []): void {
  for (const name of required) {
    if (!modules.some((m) => m.name === name)) throw new Error(`the module list has no "${name}" module, which the app needs`);
  }
  const position = new Map<string, number>();
  modules.forEach((module, index) => {
    if (position.has(module.name)) throw new Error(`module "${module.name}" is listed twice in the module list`);
    position.set(module.name, index);
  });
  modules.forEach((module, index) => {
    for (const dependency of module.dependsOn) {
      const at = position.get(dependency);
      if (at === undefined) {
        throw new Error(`module "${module.name}" depends on "${dependency}", which is not in the module list (server/modules/index.ts)`);
      }
      if (at >= index) {
        throw new Error(`module "${module.name}" depends on "${dependency}", which is listed after it: list "${dependency}" before "${module.name}" (server/modules/index.ts)`);
      }
    }
  });
}
