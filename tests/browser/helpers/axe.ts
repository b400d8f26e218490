import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** What axe found, one line per node, so a failure names the rule, the element and why. */
export const describeViolations = (results: Awaited<ReturnType<AxeBuilder["analyze"]>>) =>
  results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );

/**
 * Runs axe on the page (or only `include`, a selector) with the pointer resting on the corner and
 * no toast left fading (one caught mid-animation is measured as grey on grey), and expects nothing.
 */
export async function expectNoViolations(page: Page, where: string, include?: string): Promise<void> {
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 10_000 }).toBe(0);
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(describeViolations(results), where).toEqual([]);
}
