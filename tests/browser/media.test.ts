import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };
const SHOTS = "/tmp/shots";

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/media-${name}.png` });
};

// The owner's media screen: two images dropped onto it (a real drop event carrying a
// DataTransfer), their thumbnails and what was read from them, alt text in English and Russian,
// where one is used, and the delete confirmation naming that place.
describe.skipIf(!hasChromium)("the media screen in the admin, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const inject = (method: "GET" | "POST", url: string, data?: unknown) =>
    running.app
      .inject({ method, url, headers: { "x-rbac-secret-key": SECRET }, ...(data ? { payload: { data } } : {}) })
      .then((r) => r.json());

  beforeAll(async () => {
    running = await startApp(ADMIN);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("uploads two images by drag and drop, shows their thumbnails and sizes, edits alt text in en and ru, says where one is used", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("nav-media").click();
      await expect.poll(() => page.getByTestId("media-total").textContent()).toBe("0 files");

      // A real drop: the files in a DataTransfer, dispatched as dragover and drop on the zone.
      const files = [
        { name: "blue-mug.png", bytes: (await png(1200, 800, { r: 40, g: 90, b: 200 })).toString("base64") },
        { name: "red-teapot.png", bytes: (await png(600, 900, { r: 200, g: 40, b: 60 })).toString("base64") },
      ];
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const f of list)
          transfer.items.add(
            new File([Uint8Array.from(atob(f.bytes), (c) => c.charCodeAt(0))], f.name, { type: "image/png" }),
          );
        return transfer;
      }, files);
      const zone = page.getByTestId("upload-drop");
      await zone.dispatchEvent("dragover", { dataTransfer });
      await zone.dispatchEvent("drop", { dataTransfer });

      const cards = page.getByTestId("media-card");
      await expect.poll(() => cards.count()).toBe(2);
      await expect.poll(() => page.getByTestId("media-total").textContent()).toBe("2 files");
      // Newest first; facts read from the bytes: extension, size, width × height.
      const facts = await page.getByTestId("media-card-facts").allTextContents();
      expect(facts[0]).toMatch(/^PNG · [\d.]+ (B|KB) · 600×900$/);
      expect(facts[1]).toMatch(/^PNG · [\d.]+ (B|KB) · 1200×800$/);
      // Thumbnails come from the resized widths, and load.
      const thumbs = cards.locator("img[data-testid=file-thumb]");
      await expect
        .poll(() =>
          thumbs.evaluateAll((imgs) =>
            imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toEqual([true, true]);
      expect(await thumbs.first().getAttribute("src")).toMatch(/^\/public\/files\/[0-9a-f-]+\.png\?w=320$/);
      await shot(page, "grid");

      // The mug's panel: read-only facts, alt text per language.
      await cards.filter({ hasText: "blue-mug.png" }).click();
      const panel = page.getByTestId("file-details");
      await expect.poll(() => panel.getByTestId("file-name").textContent()).toBe("blue-mug.png");
      await expect.poll(() => panel.getByTestId("file-facts").textContent()).toContain("1200 × 800 px");
      expect(await panel.locator("input[data-testid^=alt-]").count()).toBe(2);
      await panel.getByTestId("alt-en").fill("A blue ceramic mug");
      await panel.getByTestId("alt-ru").fill("Синяя керамическая кружка");
      await panel.getByTestId("alt-save").click();
      await expect.poll(() => page.getByText("Alt text saved").isVisible()).toBe(true);
      await expect
        .poll(() =>
          panel
            .getByTestId("file-uses")
            .count()
            .then((n) => n === 0 && panel.getByText("Not used anywhere.").isVisible()),
        )
        .toBe(true);
      await shot(page, "details");

      const rows = (await inject("GET", "/api/file-storage/files")).data as {
        id: string;
        adminTitle: string;
        alt: unknown;
      }[];
      const mug = rows.find((r) => r.adminTitle === "blue-mug.png")!;
      expect(mug.alt).toEqual({ en: "A blue ceramic mug", ru: "Синяя керамическая кружка" });

      // Used by a product: its panel names it; the delete confirmation names the file and warns.
      const product = (
        await inject("POST", "/api/ecommerce/products", { adminTitle: "Blue mug", title: { en: "Blue mug" } })
      ).data;
      await inject("POST", "/api/ecommerce/products-to-file-storage-module-files", {
        productId: product.id,
        fileStorageModuleFileId: mug.id,
      });
      await page.keyboard.press("Escape");
      await page.reload();
      await page.getByTestId("media-card").filter({ hasText: "blue-mug.png" }).click();
      await expect
        .poll(() => page.getByTestId("media-card").filter({ hasText: "blue-mug.png" }).textContent())
        .toContain("Used 1 time");
      await expect.poll(() => panel.getByTestId("file-uses").textContent()).toBe("Product: Blue mug");
      expect(await panel.getByRole("link", { name: "Blue mug" }).getAttribute("href")).toBe(
        `/admin/ecommerce/products?id=${product.id}`,
      );
      await panel.getByTestId("file-delete").click();
      const confirm = page.getByTestId("delete-confirm");
      await expect.poll(() => confirm.textContent()).toContain("blue-mug.png will be deleted for good.");
      expect(await confirm.textContent()).toContain("It is used in 1 place");
      expect(await confirm.getByTestId("file-uses").textContent()).toBe("Product: Blue mug");
      await shot(page, "delete-confirm");
      await confirm.getByRole("button", { name: "Cancel" }).click();

      // Search by name.
      await page.keyboard.press("Escape");
      await page.getByTestId("media-search").fill("teapot");
      await expect
        .poll(() => page.getByTestId("media-card").allTextContents())
        .toEqual([expect.stringContaining("red-teapot.png")]);
    } finally {
      await context.close();
    }
  });

  it("in a generated form, a reference to a file is chosen by thumbnail and name, or uploaded in place (in Russian)", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
      await page.goto(`${running.url}/admin/ecommerce/products-to-file-storage-module-files`);
      await page.getByRole("button", { name: "Добавить" }).click();
      const picker = page.getByTestId("file-picker");
      await picker.waitFor();
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser"),
        picker.getByTestId("file-picker-upload").click(),
      ]);
      await chooser.setFiles({
        name: "green-vase.png",
        mimeType: "image/png",
        buffer: await png(400, 300, { r: 40, g: 160, b: 80 }),
      });
      await expect.poll(() => picker.locator("input").first().inputValue()).toBe("green-vase.png");
      await expect
        .poll(() => picker.locator("img[data-testid=file-thumb]").evaluate((i) => (i as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await shot(page, "picker-ru");
      // Chosen from the list too: the options carry thumbnails.
      await picker.locator("input").first().click();
      await expect
        .poll(() => page.locator("[role=option] img[data-testid=file-thumb]").count())
        .toBeGreaterThanOrEqual(2);
      await page.keyboard.press("Escape");
      await page.goto(`${running.url}/admin/media`);
      await expect.poll(() => page.getByRole("heading", { name: "Медиафайлы" }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId("media-total").textContent()).toBe("Файлов: 3");
      await shot(page, "grid-ru");
    } finally {
      await context.close();
    }
  });
});
