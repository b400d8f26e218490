import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A visitor submits a form as it is on the site: a form never published takes no submissions (it
// is on no page), and an email input an editor has not published yet does not judge what is sent.
describe(`submissions to a drafted form, on ${testDialect}`, () => {
  let t: TestApp;
  const editor = (method: "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const submit = (formId: string, data: unknown) =>
    t.request({ method: "POST", url: `/api/crm/forms/${formId}/requests`, payload: { data }, key: null });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("refuses a form never published, and checks only the published inputs", async () => {
    const form = (await editor("POST", "/api/crm/forms", { title: { en: "Contact" } })).body.data;
    expect((await submit(form.id, { name: "Ann" })).status).toBe(404);
    await editor("POST", `/api/crm/forms/${form.id}/publish`);
    expect((await submit(form.id, { name: "Ann" })).status).toBe(201);

    // An email input added and linked but not published: not checked yet.
    const input = (
      await editor("POST", "/api/crm/inputs", {
        type: "email",
        slug: "email",
        label: { en: "Email" },
        placeholder: { en: "" },
      })
    ).body.data;
    expect((await editor("POST", "/api/crm/forms-to-inputs", { formId: form.id, inputId: input.id })).status).toBe(201);
    expect((await submit(form.id, { email: "not an address" })).status).toBe(201);
    await editor("POST", `/api/crm/forms/${form.id}/publish`);
    const refused = await submit(form.id, { email: "not an address" });
    expect([refused.status, refused.body.cause?.[0]?.path]).toEqual([400, "/data/email"]);
  });
});
