import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

/**
 * `redocly lint` with its recommended rules on a document file, offline: no telemetry, no update
 * check, and tests/helpers/no-network.mjs reporting any connection the CLI would still make.
 */
function lint(file: string) {
  const cli = join(paths.root, "node_modules/@redocly/cli/bin/cli.js");
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      join(paths.root, "tests/helpers/no-network.mjs"),
      cli,
      "lint",
      file,
      "--extends=recommended",
      "--format=json",
      "--max-problems=100000",
    ],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    },
  );
  const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
  return { ...run, report };
}

// The served document once had 996 errors under these rules (no security anywhere,
// empty servers, module routes without operationId or a 4xx answer).
describe(`the served OpenAPI document under redocly's recommended rules on ${testDialect}`, () => {
  let t: TestApp;
  let dir: string;
  let document: any;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.request({ method: "GET", url: "/api/openapi.json", key: null })).body;
    dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const summary = (problems: Problem[]) =>
    problems
      .slice(0, 30)
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
      .join("\n");

  it("has no errors and no warnings", () => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const { status, stderr, report } = lint(file);
    expect(stderr).not.toContain("NETWORK ATTEMPT");
    expect(report.totals.errors, summary(report.problems)).toBe(0);
    expect(status).toBe(0);
    expect([...new Set(report.problems.map((p) => p.ruleId))], summary(report.problems)).toEqual([]);
  }, 150_000);

  it("fails a document with the old faults, so the check can fail", () => {
    const broken = structuredClone(document);
    broken.servers = [];
    const [first] = Object.values<any>(broken.paths);
    const operation: any = Object.values(first)[0];
    delete operation.security;
    delete operation.operationId;
    const file = join(dir, "broken.json");
    writeFileSync(file, JSON.stringify(broken));
    const { status, report } = lint(file);
    expect(status).not.toBe(0);
    const rules = new Set(report.problems.filter((p) => p.severity === "error").map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(["no-empty-servers", "security-defined"]);
    expect(report.problems.map((p) => p.ruleId)).toContain("operation-operationId");
  }, 150_000);
});
