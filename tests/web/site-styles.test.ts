import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { paths } from "../../server/config.js";
import { mantineComponentsUsed, sourceFiles } from "./mantine-components.js";

const web = join(paths.root, "web");
/** web/ui pieces only the admin uses (the rich-text editor, the date-time picker). */
const ADMIN_ONLY = /rich-text-editor|date-time-picker|copy-text-extension/;

// The site loads Mantine's per-component style sheets, not the whole library's: a component the
// site renders without its sheet would show unstyled.
describe("the public site's style sheets", () => {
  const imported = [
    ...readFileSync(join(web, "site", "render", "site-styles.ts"), "utf8").matchAll(
      /import "@mantine\/core\/styles\/([A-Za-z-]+)\.css";/g,
    ),
  ].map((m) => m[1]!);

  test("every Mantine component the site renders (and those they render) has its sheet imported", () => {
    const files = [
      ...sourceFiles(join(web, "site")),
      ...sourceFiles(join(web, "ui")).filter((file) => !ADMIN_ONLY.test(file)),
    ];
    // The toasts' container (@mantine/notifications) renders core's Notification.
    const used = mantineComponentsUsed(files, ["Notification"]);
    expect(used).toContain("Button");
    expect(used).toContain("Popover"); // through Menu
    expect(used.filter((name) => !imported.includes(name))).toEqual([]);
  });

  test("no whole-library sheet on the site", () => {
    const entry =
      readFileSync(join(web, "site", "entry-client.tsx"), "utf8") +
      readFileSync(join(web, "site", "render", "site-styles.ts"), "utf8");
    expect(entry).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
    expect(imported.slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
  });
});
