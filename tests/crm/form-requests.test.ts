import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { write } from "../site/fixtures.js";

describe(`CRM form requests on ${testDialect}`, () => {
  let t: TestApp;
  let formId: string;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: "POST", url, key: null, payload: payload as any, headers });

  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 10 });
    formId = (await write(t, (create) => create("crm/forms", { slug: "contact" }))).id;
  });
  afterAll(() => t.close());

  it("stores an anonymous submission linked to its form", async () => {
    const data = { name: "Ada", email: "ada@example.com", message: "Hello there", extra: { nested: [1, 2] } };
    const { status, body } = await post(`/api/crm/forms/${formId}/requests`, { data });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ payload: data, formId });
    const links = await t.request({
      method: "GET",
      url: `/api/crm/forms-to-requests?filters[and][0][column]=formId&filters[and][0][method]=eq&filters[and][0][value]=${formId}`,
    });
    expect(links.body.data.map((l: any) => l.requestId)).toEqual([body.data.id]);
    const stored = await t.request({ method: "GET", url: `/api/crm/requests/${body.data.id}` });
    expect(stored.body.data.payload).toEqual(data);
    // Visitors post requests; reading them is for the back office.
    expect((await t.request({ method: "GET", url: `/api/crm/requests/${body.data.id}`, key: null })).status).toBe(401);
  });

  it("takes a plain object body too, and refuses what is not an object", async () => {
    expect((await post(`/api/crm/forms/${formId}/requests`, { name: "Plain" })).status).toBe(201);
    for (const payload of [{ data: [1, 2] }, { data: '"text"' }, { data: 5 }, [1, 2]]) {
      const { status, body } = await post(`/api/crm/forms/${formId}/requests`, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toMatch(/^Validation error/);
    }
  });

  it("answers 404 for an unknown form and 400 for a malformed id", async () => {
    const missing = await post("/api/crm/forms/00000000-0000-4000-8000-000000000000/requests", { data: { name: "x" } });
    expect(missing.status).toBe(404);
    expect((await post("/api/crm/forms/not-a-uuid/requests", { data: { name: "x" } })).status).toBe(400);
  });

  it("is rate limited per client address", async () => {
    // Ten a minute here (the earlier tests used eight): the next ones are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(`/api/crm/forms/${formId}/requests`, { data: { i } })).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    const refused = await post(`/api/crm/forms/${formId}/requests`, { data: { i: 5 } });
    expect(refused.body.message).toMatch(/^Rate limit error/);
  });
});
