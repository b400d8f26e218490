import { describe, expect, test } from "vitest";
import { allEntries, variantRegistry } from "../../web/site/variants.js";

// The server preloads a variant's chunk by the file its registry entry names (Vite's manifest
// key): a file that is not the one `load` imports would preload the wrong code, and hydration
// would wait for a chunk nobody preloaded.
describe("the variant registry", () => {
  test("every entry names the source file its import loads the component from", async () => {
    expect(allEntries().length).toBeGreaterThan(50);
    for (const [model, byName] of Object.entries(variantRegistry)) {
      for (const [name, entry] of Object.entries(byName)) {
        const module = (await import(`../../web/${entry.file}`)) as Record<string, unknown>;
        const component = await entry.load();
        expect(typeof component, `${model} ${name}`).toBe("function");
        expect(Object.values(module), `${model} ${name}: ${entry.file}`).toContain(component);
      }
    }
  });
});
