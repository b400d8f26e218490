import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test lives under tests/ (engine/ and server/ hold no test folders).
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    globalSetup: ["tests/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
