import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

describe(`health on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  it("answers with the dialect and model count", async () => {
    const { status, body } = await t.request({ method: "GET", url: "/api/health" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: "ok", database: testDialect });
    expect(body.data.models).toBe(t.app.registry.exposed.length);
  });
});
