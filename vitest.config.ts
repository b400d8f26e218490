import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test lives under tests/ (engine/ and server/ hold no test folders).
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    globalSetup: ["tests/global-setup.ts"],
    pool: "forks",
    // A worker keeps its imported modules from one test file to the next instead of importing the
    // whole server again for each (about 3 s a file on two cores). Every test builds its own app and
    // database (tests/helpers/test-app.ts), so no state is shared through the modules.
    isolate: false,
    // Three files at once on two cores: a file spends about a third of its time waiting (Chromium,
    // sockets, the PostgreSQL server, timers), so a third worker fills the cores two leave idle.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
