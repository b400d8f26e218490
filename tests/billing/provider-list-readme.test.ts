// docs/payments.md "Payments" (README.md points there): its settings table names every provider of providers/index.ts, in the
// list's order, and each row names the provider's first (required) environment variable, or its
// prefix where the row says "the same with …".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../../server/config.js";
import { PAYMENT_PROVIDERS } from "../../server/modules/billing/providers/index.js";

const HEADER = "| provider | settings (required ones first) | base URL setting (default) |";

function settingsTable(): Map<string, string> {
  const readme = readFileSync(join(paths.root, "docs", "payments.md"), "utf8");
  const start = readme.indexOf(HEADER);
  expect(start, "docs/payments.md's provider settings table").toBeGreaterThan(0);
  const rows = readme.slice(start).split("\n").slice(2);
  const table = new Map<string, string>();
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    table.set(row.split("|")[1]!.trim().replace(/`/g, ""), row);
  }
  return table;
}

describe("docs/payments.md's provider settings table", () => {
  it("names exactly the listed providers, in the list's order", () => {
    expect([...settingsTable().keys()]).toEqual(PAYMENT_PROVIDERS.map((definition) => definition.name));
  });

  it("each row names the provider's first setting (or its prefix)", () => {
    const table = settingsTable();
    for (const definition of PAYMENT_PROVIDERS) {
      const first = definition.env[0]!;
      const row = table.get(definition.name) ?? "";
      expect(
        row.includes(first) || row.includes(first.slice(0, first.lastIndexOf("_", first.lastIndexOf("_") - 1) + 1)),
        `${definition.name}: ${first}`,
      ).toBe(true);
    }
  });
});
