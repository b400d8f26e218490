import { describe, expect, test } from "vitest";
import { homeBundleBytes, homeBundleLines } from "../../scripts/lib/audit-report.js";

// `npm run audit:site` judges the home page's budget on the compressed bodies, and prints the bytes
// with headers beside them.
describe("the audit's bundle figures", () => {
  const requests = [
    { url: "/", resourceType: "Document", transferSize: 14000, bodySize: 13000 },
    { url: "/a.js", resourceType: "Script", transferSize: 60_000, bodySize: 59_500 },
    { url: "/b.js", resourceType: "Script", transferSize: 2_000, bodySize: 1_600 },
    { url: "/c.js", resourceType: "Script", transferSize: 900 },
    { url: "/s.css", resourceType: "Stylesheet", transferSize: 17_000, bodySize: 16_800 },
  ];

  test("sums bodies (a request without a measured body counts as transferred) and transfers by type", () => {
    expect(homeBundleBytes(requests)).toEqual({
      js: { files: 3, body: 59_500 + 1_600 + 900, transferred: 62_900 },
      css: { files: 1, body: 16_800, transferred: 17_000 },
    });
  });

  test.each([
    [120 * 1024, "within"],
    [120 * 1024 + 1, "OVER"],
  ])("a body of %i bytes is %s the 120 KiB limit", (bytes, verdict) => {
    const lines = homeBundleLines([
      { url: "/a.js", resourceType: "Script", transferSize: bytes + 5000, bodySize: bytes },
    ]);
    expect(lines).toContain(
      `JavaScript: 1 files, ${(bytes / 1024).toFixed(1)} KiB compressed (limit 120.0 KiB: ${verdict})`,
    );
  });
});
