import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModel } from "../../engine/admin/admin-model.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { isEmailAddress } from "../../server/modules/crm/email-inputs.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { en, PageBuilder, renderApp } from "../site-render/fixtures.js";

/**
 * A CRM input's type is one of a list (a select in the admin), and an email input's value must be
 * an email address: the submission route answers 400 naming the field, and stores nothing.
 */
describe(`a CRM form's email input on ${testDialect}`, () => {
  let t: TestApp;
  let formId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const form = await createRecord(t, "/api/crm/forms", { slug: "email-check", title: { en: "Write" } });
    const email = await createRecord(t, "/api/crm/inputs", {
      slug: "reply-to",
      type: "email",
      label: { en: "Email" },
      placeholder: {},
    });
    const name = await createRecord(t, "/api/crm/inputs", { slug: "who", label: { en: "Name" }, placeholder: {} });
    for (const input of [email, name])
      await createRecord(t, "/api/crm/forms-to-inputs", { formId: form.id, inputId: input.id });
    formId = form.id;
  });
  afterAll(() => t.close());

  const submit = (data: Record<string, unknown>) =>
    t.request({ method: "POST", key: null, url: `/api/crm/forms/${formId}/requests`, payload: { data } });

  it("offers the input types as a select in the admin, and refuses any other type", async () => {
    const { schema } = formSchema(adminModel(t.app.registry.get("crm/inputs"), t.app.registry));
    expect(schema.properties.type.enum).toEqual(["default", "text", "textarea", "number", "email", "tel", "checkbox"]);
    const refused = await t.request({
      method: "POST",
      url: "/api/crm/inputs",
      payload: { data: { slug: "odd", type: "colour", label: {}, placeholder: {} } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.cause[0].path).toBe("/type");
  });

  it("answers 400 naming the field for a value that is no email address, and stores nothing", async () => {
    const before = (await t.request({ method: "GET", url: "/api/crm/requests/count" })).body.data;
    const { status, body } = await submit({ "reply-to": "not an address", who: "Ada" });
    expect(status).toBe(400);
    expect(body.cause).toEqual([{ path: "/data/reply-to", message: "must be an email address" }]);
    expect((await t.request({ method: "GET", url: "/api/crm/requests/count" })).body.data).toBe(before);
  });

  it("takes a real address, and an empty one (whether it is required is the form's to say)", async () => {
    expect((await submit({ "reply-to": "ada@example.com", who: "Ada" })).status).toBe(201);
    expect((await submit({ who: "Bob" })).status).toBe(201);
  });

  it("knows an address when it sees one", () => {
    expect(["a@b.co", "ada.lovelace+crm@example.org"].every(isEmailAddress)).toBe(true);
    expect(["a@b", "@b.co", "a b@c.d", "a@@b.co", `${"a".repeat(250)}@b.co`].some(isEmailAddress)).toBe(false);
  });

  it("renders an email input as the browser's email field on the site", () => {
    const page = new PageBuilder({ language: "en" });
    const widget = page.widget("crm", { variant: "default" });
    const form = page.add("crm/forms", { title: en("Write") });
    page.link("crm/widgets-to-forms", widget, form);
    page.link(
      "crm/forms-to-inputs",
      form,
      page.add("crm/inputs", { variant: "text-default", slug: "reply-to", type: "email", label: en("Email") }),
    );
    expect(renderApp(page.data)).toMatch(
      /<input[^>]*type="email"[^>]*name="reply-to"|<input[^>]*name="reply-to"[^>]*type="email"/,
    );
  });
});
