import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { modules } from "../../server/modules/index.js";
import { defineModule, type Module } from "../../server/modules/module.js";
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from "../helpers/test-app.js";

/**
 * The module list (server/modules/index.ts) is the one seam modules are registered through:
 * a test-only module added to it serves its routes behind rbac's hook, using what the module it
 * depends on registered; a list out of order, or naming a module it lacks, stops start-up with
 * the names of both (Fastify's own check of the plugins' dependencies).
 */

/** Decorates the app with a service, like a real module's `app.shop`. */
const fixtureWords = defineModule("fixture-words", [], (app) => {
  app.decorate("fixtureWords", { greeting: (name: string) => `hello, ${name}` });
});

/** An /api route, in the module's own context, that uses fixture-words' service and is guarded by rbac's hook. */
const fixtureGreeting = defineModule("fixture-greeting", ["rbac", "fixture-words"], async (app) => {
  const words = app.getDecorator<{ greeting(name: string): string }>("fixtureWords");
  await app.register(async (routes) => {
    routes.get<{ Params: { name: string } }>("/api/fixture/greetings/:name", async (request) => ({
      data: { text: words.greeting(request.params.name) },
    }));
  });
});

/** The Modules among an index.ts's exports (it also exports the services other modules may use). */
const modulesAmong = (exports: Record<string, unknown>): Module[] =>
  Object.values(exports).filter(
    (e): e is Module => typeof e === "function" && "moduleName" in e && "dependencies" in e,
  );

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => test?.drop());

/** composeApp with a module list; the error it stops with (or undefined when it starts). */
async function startUpError(list: readonly Module[]): Promise<string | undefined> {
  try {
    const app = await composeApp(
      { ...configFromEnv({}), seedDemoContent: false },
      { database: test.database, logger: false, modules: list },
    );
    await app.close();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe("the module list", () => {
  it("lists every server/modules/{m}/ folder through its index.ts, each dependency above the module needing it", async () => {
    const dir = join(import.meta.dirname, "../../server/modules");
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const folder of folders) {
      expect(existsSync(join(dir, folder, "index.ts")), `server/modules/${folder}/index.ts`).toBe(true);
      const exported = modulesAmong(await import(/* @vite-ignore */ pathToFileURL(join(dir, folder, "index.ts")).href));
      expect(exported.length, `server/modules/${folder}/index.ts exports a module`).toBeGreaterThan(0);
      for (const module of exported) expect(modules, `${module.name} is in server/modules/index.ts`).toContain(module);
    }
    // The site's modules live with the site: server/site/index.ts and its host/ (pages by url).
    for (const [entry, name] of [
      ["server/site/index.ts", "site"],
      ["server/site/host/index.ts", "host"],
    ] as const) {
      const exported = modulesAmong(
        await import(/* @vite-ignore */ pathToFileURL(join(import.meta.dirname, "../..", entry)).href),
      );
      expect(
        exported.map((m) => m.moduleName),
        entry,
      ).toEqual([name]);
      expect(modules, `${name} is in server/modules/index.ts`).toContain(exported[0]);
    }
    expect(existsSync(join(dir, "host")), "host lives under server/site/, not server/modules/").toBe(false);
    const names = modules.map((m) => m.moduleName);
    modules.forEach((module, index) => {
      for (const dependency of module.dependencies)
        expect(names.indexOf(dependency), `${module.moduleName} after ${dependency}`).toBeGreaterThanOrEqual(0);
      for (const dependency of module.dependencies)
        expect(names.indexOf(dependency), `${module.moduleName} after ${dependency}`).toBeLessThan(index);
    });
  });

  describe("a fixture module added to the list", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, { modules: [...modules, fixtureWords, fixtureGreeting] });
    });
    afterAll(async () => t?.close());

    it("serves its route with its dependency's service, behind rbac's hook", async () => {
      const ok = await t.request({ method: "GET", url: "/api/fixture/greetings/ada" });
      expect(ok).toEqual({ status: 200, body: { data: { text: "hello, ada" } } });
      // Registered after rbac, the route passes its hook: no anonymous permission covers it.
      const anonymous = await t.request({ method: "GET", url: "/api/fixture/greetings/ada", key: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toMatch(/^Authentication error/);
      // The app's own modules are all there beside it.
      expect((await t.request({ method: "GET", url: "/api/health" })).status).toBe(200);
    });
  });

  it("stops start-up when a module is listed before one it depends on, naming both", async () => {
    const message = await startUpError([fixtureGreeting, ...modules, fixtureWords]);
    expect(message).toBe("The dependency 'rbac' of plugin 'fixture-greeting' is not registered");
    const swapped = [...modules];
    const [billing, ecommerce] = [
      swapped.findIndex((m) => m.moduleName === "billing"),
      swapped.findIndex((m) => m.moduleName === "ecommerce"),
    ];
    [swapped[billing], swapped[ecommerce]] = [swapped[ecommerce]!, swapped[billing]!];
    expect(await startUpError(swapped)).toBe("The dependency 'billing' of plugin 'ecommerce' is not registered");
  });

  it("stops start-up when a dependency is not in the list, naming both", async () => {
    expect(await startUpError([...modules, fixtureGreeting])).toBe(
      "The dependency 'fixture-words' of plugin 'fixture-greeting' is not registered",
    );
    expect(await startUpError([...modules.filter((m) => m.moduleName !== "file-storage")])).toBe(
      "The dependency 'file-storage' of plugin 'admin' is not registered",
    );
  });

  it("stops start-up without rbac, whose hook guards the generic routes", async () => {
    expect(await startUpError([fixtureWords])).toBe(
      "The dependency 'rbac' of plugin 'generic-routes' is not registered",
    );
  });

  it("stops start-up when a module is listed twice", async () => {
    expect(await startUpError([...modules, fixtureWords, fixtureWords])).toBe(
      "The decorator 'fixtureWords' has already been added!",
    );
  });
});
