import { afterEach, describe, expect, test, vi } from "vitest";
import { submitRequest } from "../../web/site/modules/crm/submit-request.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

function contactPage(widgetVariant: string, language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language });
  const widget = page.widget("crm", { variant: widgetVariant, title: en("Contact us", "Напишите нам"), className: "contact" });
  const form = page.add("crm/forms", { title: en("Write to us"), className: "contact-form" });
  page.link("crm/widgets-to-forms", widget, form);
  const inputs = [
    { variant: "text-default", slug: "name", label: en("Name", "Имя"), placeholder: en("Your name", "Ваше имя"), isRequired: true },
    { variant: "textarea-default", slug: "message", label: en("Message"), placeholder: en("Say hello") },
    { variant: "number-default", slug: "age", label: en("Age"), placeholder: en("42") },
    { variant: "default", slug: "city", label: en("City"), placeholder: en("Where") },
    { variant: "no-such-input", slug: "ghost", label: en("Ghost") },
  ];
  inputs.forEach((fields, index) => page.link("crm/forms-to-inputs", form, page.add("crm/inputs", fields), { orderIndex: index }));
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
    ["text-default", /<input[^>]*name="name"[^>]*placeholder="Your name"[^>]*required=""|<input[^>]*required=""[^>]*name="name"/, "Name"],
    ["textarea-default", /<textarea[^>]*name="message"[^>]*placeholder="Say hello"|<textarea[^>]*placeholder="Say hello"[^>]*name="message"/, "Message"],
    ["number-default", /<input[^>]*type="number"[^>]*name="age"|<input[^>]*name="age"[^>]*type="number"/, "Age"],
    ["default", /<input[^>]*name="city"/, "City"],
  ])("input %s: label, placeholder and name from the slug", (variant, field, label) => {
    const html = renderApp(contactPage("default").page.data);
    const block = html.match(new RegExp(`data-crm-input="${variant === "textarea-default" ? "textarea" : variant === "number-default" ? "number" : "text"}"`));
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

describe("submitting", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("POSTs the values as data to /api/crm/forms/{id}/requests", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ data: { id: "r1" } }), { status: 201, headers: { "content-type": "application/json" } });
    });
    await expect(submitRequest("f1", { name: "Ann", message: "Hi" })).resolves.toEqual({ id: "r1" });
    expect(calls[0]!.url).toBe("/api/crm/forms/f1/requests");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ data: { name: "Ann", message: "Hi" } });
  });

  test("a refused request rejects with the server's message (shown in a toast)", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "Validation error: /name is required" }), { status: 400, statusText: "Bad Request" }));
    await expect(submitRequest("f1", {})).rejects.toThrow("Validation error: /name is required | 400 Bad Request");
  });
});
