import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test lives under tests/ (engine/ and server/ hold no test folders).
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    globalSetup: ["tests/global-setup.ts"],
    // Process-wide settings an earlier file in the same worker may have changed, put back.
    setupFiles: ["tests/helpers/reset-shared-state.ts"],
    pool: "forks",
    // A worker keeps its imported modules from one test file to the next instead of importing the
    // whole server again for each (about 3 s a file on two cores). Every test builds its own app and
    // database (tests/helpers/test-app.ts), so no state is shared through the modules.
    isolate: false,
    // Two files at once on two cores. A third worker made the run longer, not shorter (measured
    // in a CI rehearsal: the browser files keep both cores busy, and three contend for them).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The global teardown drops the run's databases on the PostgreSQL server
    // (tests/helpers/server-template.ts): each DROP DATABASE waits for a checkpoint, which takes
    // longer than the default 10 s while the server is busy.
    teardownTimeout: 180_000,
    // expect.poll waits for what a screen shows after a request: 1 s (the default) was too short for
    // a two-photo upload while both cores ran other files (a CI run failed there). A poll that
    // succeeds returns as soon as it does, so only a failing one waits the whole 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
