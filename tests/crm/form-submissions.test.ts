import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { SECRET, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, type SignedIn } from "../rbac/helpers.js";
import { contactForm, submit } from "./contact-form.js";

const BY_FORM = "/api/crm/requests/by-form";

describe(`a form's submissions as a table, on ${testDialect}`, () => {
  let t: TestApp;
  let form: { id: string };
  let member: SignedIn;
  const table = (query = "", caller?: SignedIn) =>
    (caller ? as(t, caller) : t.request)({ method: "GET", url: `${BY_FORM}/${form.id}${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    form = await contactForm(t);
    member = await register(t, "member@example.com");
  });
  afterAll(() => t?.close());

  it("columns are the form's inputs, labelled in the language asked; rows newest first, values as text", async () => {
    await submit(t, form.id, { name: "Ann", message: "First" });
    await submit(t, form.id, { name: "Bob", message: ["two", "lines"], ignored: { a: 1 } });
    const { status, body } = await table("?language=ru");
    expect(status).toBe(200);
    expect(body.data.form).toEqual({ id: form.id, title: "Связаться с нами" });
    expect(body.data.columns).toEqual([
      { slug: "name", label: "Ваше имя" },
      { slug: "message", label: "Сообщение" },
    ]);
    expect(body.data.total).toBe(2);
    expect(body.data.rows.map((r: any) => r.values)).toEqual([
      { name: "Bob", message: "two, lines" },
      { name: "Ann", message: "First" },
    ]);
    expect((await table()).body.data.columns.map((c: any) => c.label)).toEqual(["Your name", "Message"]);
  });

  it("a visitor and a plain member are refused; a role with read permission on crm/requests may read it; an unknown form is a 404", async () => {
    expect((await t.request({ method: "GET", key: null, url: `${BY_FORM}/${form.id}` })).status).toBe(401);
    expect((await t.request({ method: "GET", key: null, url: `${BY_FORM}/${form.id}/csv` })).status).toBe(401);
    expect((await table("", member)).status).toBe(403);
    expect((await as(t, member)({ method: "GET", url: `${BY_FORM}/${form.id}/csv` })).status).toBe(403);
    const reader = await register(t, "reader@example.com");
    const role = (
      await t.request({
        method: "POST",
        url: "/api/rbac/roles",
        payload: { data: { title: "Request readers", uid: "request-readers", availableOnRegistration: false } },
      })
    ).body.data;
    const permission = (
      await t.request({
        method: "POST",
        url: "/api/rbac/permissions",
        payload: { data: { method: "GET", path: "/api/crm/requests/**", type: "HTTP" } },
      })
    ).body.data;
    await t.request({
      method: "POST",
      url: "/api/rbac/roles-to-permissions",
      payload: { data: { roleId: role.id, permissionId: permission.id } },
    });
    await t.request({
      method: "POST",
      url: "/api/rbac/subjects-to-roles",
      payload: { data: { subjectId: reader.subjectId, roleId: role.id } },
    });
    expect((await table("", reader)).status).toBe(200);
    expect((await t.request({ method: "GET", url: `${BY_FORM}/00000000-0000-4000-8000-000000000000` })).status).toBe(
      404,
    );
  });

  it("a page costs the same number of queries for 5 and 50 submissions; pages follow each other", async () => {
    const other = await contactForm(t);
    // The counter is the database's: work the submissions left behind (their owner mails, the change
    // feed's statements on PostgreSQL) may land inside a measure, never below it, so the least of five is the route's.
    const count = async (query: string) => {
      const tries = [];
      for (let i = 0; i < 5; i++) {
        // Before each measure: the queue's work (a drain woken meanwhile hands over to a cycle of its own) done first.
        await t.app.notifications.flush();
        const before = t.database.queryCount();
        const response = await t.request({ method: "GET", url: `${BY_FORM}/${other.id}${query}` });
        expect(response.status).toBe(200);
        tries.push({ queries: t.database.queryCount() - before, body: response.body });
      }
      return tries.reduce((least, next) => (next.queries < least.queries ? next : least));
    };
    for (let i = 0; i < 5; i++) await submit(t, other.id, { name: `n${i}`, message: `m${i}` });
    await count("?limit=50"); // first use: warm caches, not measured
    const five = await count("?limit=50");
    for (let i = 5; i < 50; i++) await submit(t, other.id, { name: `n${i}`, message: `m${i}` });
    const fifty = await count("?limit=50");
    expect(five.body.data.rows).toHaveLength(5);
    expect(fifty.body.data.rows).toHaveLength(50);
    // The form, its inputs, and the page with its total, whatever the number of rows.
    expect(five.queries).toBe(3);
    expect(fifty.queries).toBe(five.queries);
    const second = await count("?limit=20&offset=20");
    expect(second.body.data.total).toBe(50);
    expect(second.body.data.rows.map((r: any) => r.values.name)).toEqual(
      fifty.body.data.rows.slice(20, 40).map((r: any) => r.values.name),
    );
  });

  it("the CSV file: UTF-8 with a byte order mark, a date and each input's label as headers, quoting kept, formulas made inert", async () => {
    const csvForm = await contactForm(t);
    await submit(t, csvForm.id, { name: 'Ivan "the" Terrible', message: "Привет, мир\nвторая строка" });
    await submit(t, csvForm.id, { name: '=HYPERLINK("http://evil")', message: "" });
    const response = await t.app.inject({
      method: "GET",
      url: `${BY_FORM}/${csvForm.id}/csv?language=ru`,
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="form-[0-9a-f]{8}-submissions\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(response.rawPayload.toString("utf8").slice(1));
    expect(records[0]).toEqual(["Дата отправки", "Ваше имя", "Сообщение"]);
    expect(records.slice(1).map((r) => r.slice(1))).toEqual([
      ['\'=HYPERLINK("http://evil")', ""],
      ['Ivan "the" Terrible', "Привет, мир\nвторая строка"],
    ]);
    expect(records.slice(1).every((r) => !Number.isNaN(Date.parse(r[0]!)))).toBe(true);
  });
});
