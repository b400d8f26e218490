import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { submitRequest } from "../../web/site/modules/crm/submit-request.js";
import { injectFetch, type InjectFetch } from "../helpers/inject-fetch.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

function contactPage(widgetVariant: string, language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language });
  const widget = page.widget("crm", {
    variant: widgetVariant,
    title: en("Contact us", "Напишите нам"),
    className: "contact",
  });
  const form = page.add("crm/forms", { title: en("Write to us"), className: "contact-form" });
  page.link("crm/widgets-to-forms", widget, form);
  const inputs = [
    {
      variant: "text-default",
      slug: "name",
      label: en("Name", "Имя"),
      placeholder: en("Your name", "Ваше имя"),
      isRequired: true,
    },
    { variant: "textarea-default", slug: "message", label: en("Message"), placeholder: en("Say hello") },
    { variant: "number-default", slug: "age", label: en("Age"), placeholder: en("42") },
    { variant: "default", slug: "city", label: en("City"), placeholder: en("Where") },
    { variant: "no-such-input", slug: "ghost", label: en("Ghost") },
  ];
  inputs.forEach((fields, index) =>
    page.link("crm/forms-to-inputs", form, page.add("crm/inputs", fields), { orderIndex: index }),
  );
  return { page, form };
}

describe("crm widgets", () => {
  test.each(["default", "form-list-default"])("%s: the form with its inputs and a Submit button", (variant) => {
    const { page, form } = contactPage(variant);
    const html = renderApp(page.data);
    expect(html).toMatch(/<section[^>]*class="contact /);
    expect(html).toMatch(new RegExp(`<form class="contact-form" data-crm-form="${form.id}"`));
    expect(textOf(html)).toContain("Contact us");
    expect(html).toMatch(/<button[^>]*type="submit"[\s\S]*?Submit/);
    expect(html).not.toContain("Ghost");
  });

  test.each([
    [
      "text-default",
      /<input[^>]*name="name"[^>]*placeholder="Your name"[^>]*required=""|<input[^>]*required=""[^>]*name="name"/,
      "Name",
    ],
    [
      "textarea-default",
      /<textarea[^>]*name="message"[^>]*placeholder="Say hello"|<textarea[^>]*placeholder="Say hello"[^>]*name="message"/,
      "Message",
    ],
    ["number-default", /<input[^>]*type="number"[^>]*name="age"|<input[^>]*name="age"[^>]*type="number"/, "Age"],
    ["default", /<input[^>]*name="city"/, "City"],
  ])("input %s: label, placeholder and name from the slug", (variant, field, label) => {
    const html = renderApp(contactPage("default").page.data);
    const block = html.match(
      new RegExp(
        `data-crm-input="${variant === "textarea-default" ? "textarea" : variant === "number-default" ? "number" : "text"}"`,
      ),
    );
    expect(block).not.toBeNull();
    expect(html).toMatch(field);
    expect(html).toMatch(new RegExp(`<label[^>]*>${label}`));
  });

  test("labels and placeholders in Russian", () => {
    const html = renderApp(contactPage("default", "ru").page.data);
    expect(html).toMatch(/<label[^>]*>Имя/);
    expect(html).toContain('placeholder="Ваше имя"');
    expect(textOf(html)).toContain("Отправить");
  });
});

// The site's own client against the real app (its fetch routed to app.inject): what the server
// stores and what it refuses is what the test sees, not an answer made up for any request.
describe(`submitting, to the real app on ${testDialect}`, () => {
  let t: TestApp;
  let site: InjectFetch;
  let formId: string;
  const create = (url: string, data: object) => createRecord(t, url, data);

  beforeAll(async () => {
    t = await createTestApp();
    // The contact form as an admin makes it: a form and its inputs, linked in order.
    formId = (await create("/api/crm/forms", { slug: "contact", title: en("Write to us"), className: "contact-form" }))
      .id;
    const inputs = [
      { variant: "text-default", slug: "name", label: en("Name"), placeholder: en("Your name"), isRequired: true },
      {
        variant: "textarea-default",
        slug: "message",
        label: en("Message"),
        placeholder: en("Say hello"),
        isRequired: false,
      },
    ];
    for (const [orderIndex, input] of inputs.entries())
      await create("/api/crm/forms-to-inputs", {
        formId,
        inputId: (await create("/api/crm/inputs", input)).id,
        orderIndex,
      });
  });
  beforeEach(() => {
    site = injectFetch(t.app);
    vi.stubGlobal("fetch", site.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => t?.close());

  test("POSTs the values as data to /api/crm/forms/{id}/requests: a crm request holds them, linked to the form", async () => {
    const created = await submitRequest(formId, { name: "Ann", message: "Hi" });
    expect(site.requests).toEqual([`POST /api/crm/forms/${formId}/requests`]);
    expect(created).toMatchObject({ formId, payload: { name: "Ann", message: "Hi" } });
    const stored = await t.request({ method: "GET", url: `/api/crm/requests/${(created as { id: string }).id}` });
    expect(stored.body.data.payload).toEqual({ name: "Ann", message: "Hi" });
    const links = await t.request({
      method: "GET",
      url: `/api/crm/forms-to-requests?filters[and][0][column]=formId&filters[and][0][method]=eq&filters[and][0][value]=${formId}`,
    });
    expect(links.body.data.map((link: { requestId: string }) => link.requestId)).toEqual([
      (created as { id: string }).id,
    ]);
  });

  test.each([
    ["an unknown form", "00000000-0000-4000-8000-000000000000", 404, "Not Found"],
    ["a malformed form id", "not-a-form", 400, "Bad Request"],
  ])(
    "a refused request (%s) rejects with the server's message and status (shown in a toast)",
    async (_name, id, status, statusText) => {
      const refused = await t.request({
        method: "POST",
        url: `/api/crm/forms/${id}/requests`,
        key: null,
        payload: { data: { name: "Ann" } },
      });
      expect(refused.status).toBe(status);
      const error = await submitRequest(id, { name: "Ann" }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ name: "ApiError", status, code: refused.body.code });
      expect((error as Error).message.startsWith(`${refused.body.message} | `)).toBe(true);
      expect((error as Error).message.endsWith(` | ${status} ${statusText}`)).toBe(true);
      const requests = await t.request({ method: "GET", url: "/api/crm/requests/count" });
      expect(requests.body.data).toBe(1);
    },
  );
});
