import type { TestApp } from "../helpers/test-app.js";
import { create } from "../ecommerce/shop-fixture.js";

/** The two inputs of an app (an input's slug is unique: the forms share them). */
const made = new WeakMap<TestApp, Promise<{ id: string }[]>>();

const inputsOf = (t: TestApp) => {
  if (!made.has(t)) {
    const labels = [
      ["name", "Your name", "Ваше имя"],
      ["message", "Message", "Сообщение"],
    ] as const;
    made.set(
      t,
      Promise.all(
        labels.map(([slug, en, ru]) => create(t, "crm/inputs", { adminTitle: slug, slug, label: { en, ru } })),
      ),
    );
  }
  return made.get(t)!;
};

/** A contact form with two inputs, `name` and `message`, labelled in English and Russian. */
export async function contactForm(t: TestApp) {
  const form = await create(t, "crm/forms", {
    adminTitle: "Contact",
    title: { en: "Contact us", ru: "Связаться с нами" },
  });
  const inputs = await inputsOf(t);
  for (const [index, input] of inputs.entries())
    await create(t, "crm/forms-to-inputs", { formId: form.id, inputId: input.id, orderIndex: index });
  return form;
}

/** A visitor's submission of the form (no key, no session). */
export async function submit(t: TestApp, formId: string, data: Record<string, unknown>) {
  const response = await t.request({
    method: "POST",
    key: null,
    url: `/api/crm/forms/${formId}/requests`,
    payload: { data },
  });
  if (response.status !== 201) throw new Error(`submit: ${JSON.stringify(response.body)}`);
  return response.body.data;
}
