import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * A new relation row without an orderIndex goes after its parent's last row (max + 1), not to 0
 * in the middle of the page: through the generic create, bulk create and a module's
 * transaction, each parent counted on its own.
 */
describe(`a new relation row's order index on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const page = () =>
    createRecord(t, "/api/host/pages", { url: `/p-${Math.random().toString(36).slice(2, 8)}`, title: "Page" });
  const widget = () => createRecord(t, "/api/host/widgets", { title: { en: "Block" } });
  const link = (pageId: string, widgetId: string, extra: Record<string, unknown> = {}) =>
    createRecord(t, "/api/host/pages-to-widgets", { pageId, widgetId, ...extra });

  it("appends each new row after its parent's last, whatever the other parents hold", async () => {
    const [first, second] = [await page(), await page()];
    const a = await link(first.id, (await widget()).id);
    const b = await link(first.id, (await widget()).id);
    const elsewhere = await link(second.id, (await widget()).id);
    const c = await link(first.id, (await widget()).id);
    expect([a.orderIndex, b.orderIndex, c.orderIndex]).toEqual([0, 1, 2]);
    expect(elsewhere.orderIndex).toBe(0);
  });

  it("keeps an index the client gives, and counts after the highest one", async () => {
    const p = await page();
    expect((await link(p.id, (await widget()).id, { orderIndex: 7 })).orderIndex).toBe(7);
    expect((await link(p.id, (await widget()).id)).orderIndex).toBe(8);
  });

  it("numbers the rows of one bulk create in their order, after the existing ones", async () => {
    const p = await page();
    await link(p.id, (await widget()).id);
    const [w1, w2, w3] = [await widget(), await widget(), await widget()];
    const { status, body } = await t.request({
      method: "POST",
      url: "/api/host/pages-to-widgets/bulk",
      payload: { data: [w1, w2, w3].map((w) => ({ pageId: p.id, widgetId: w.id })) },
    });
    expect(status).toBe(201);
    expect(body.data.map((r: any) => r.orderIndex)).toEqual([1, 2, 3]);
  });

  // The next index is read inside the INSERT (no parent lock, no transaction of its own): rows
  // appended at the same instant may share an index, and still all land after the rows before them.
  it("puts rows appended at once to one parent after its existing rows", async () => {
    const p = await page();
    const first = await link(p.id, (await widget()).id);
    const widgets = [];
    for (let i = 0; i < 8; i++) widgets.push(await widget());
    const links = await Promise.all(widgets.map((w) => link(p.id, w.id)));
    expect(first.orderIndex).toBe(0);
    expect(links.every((l) => l.orderIndex >= 1)).toBe(true);
    const filter = encodeURIComponent(JSON.stringify([{ column: "pageId", method: "eq", value: p.id }]));
    const listed = (
      await t.request({
        method: "GET",
        url: `/api/host/pages-to-widgets?filters[and]=${filter}&orderBy[and][0][column]=orderIndex&orderBy[and][0][method]=asc`,
      })
    ).body.data;
    expect(listed.map((r: any) => r.id)[0]).toBe(first.id);
    expect(listed).toHaveLength(9);
  });

  it("leaves entities alone (no orderIndex to fill)", async () => {
    const p = await page();
    expect(p.orderIndex).toBeUndefined();
  });

  it("places a row after one already at the largest index beside it, not past the column's range", async () => {
    const p = await page();
    await link(p.id, (await widget()).id, { orderIndex: 2147483647 });
    expect((await link(p.id, (await widget()).id)).orderIndex).toBe(2147483647);
  });
});
