import type { SeedWriter } from "../seed-writer.js";

const inputs = [
  {
    slug: "name",
    variant: "text-default",
    isRequired: true,
    label: { en: "Your name", ru: "Ваше имя" },
    placeholder: { en: "Ada Lovelace", ru: "Анна Иванова" },
  },
  {
    slug: "email",
    variant: "text-default",
    type: "email",
    isRequired: true,
    label: { en: "Email", ru: "Электронная почта" },
    placeholder: { en: "you@example.com", ru: "vy@primer.ru" },
  },
  {
    slug: "message",
    variant: "textarea-default",
    isRequired: true,
    label: { en: "Message", ru: "Сообщение" },
    placeholder: { en: "How can we help?", ru: "Чем мы можем помочь?" },
  },
];

/** '/contact': an introduction and the contact form, whose submissions become crm/requests. Answers the form's id. */
export async function seedContact(w: SeedWriter): Promise<string> {
  const intro = await w.widget("website-builder", "content-default", "contact-intro", {
    title: { en: "Contact us", ru: "Свяжитесь с нами" },
    subtitle: { en: "We answer within one working day", ru: "Отвечаем в течение одного рабочего дня" },
    description: {
      en: "Tell us about your project, an order or anything else. We read every message.",
      ru: "Расскажите о проекте, заказе или о чём угодно. Мы читаем каждое сообщение.",
    },
  });
  const form = await w.create("crm/forms", {
    slug: "contact-form",
    adminTitle: "Contact form",
    title: { en: "Write to us", ru: "Напишите нам" },
    subtitle: { en: "All fields are required", ru: "Все поля обязательны" },
    description: {
      en: "Tell us what you need and how to reach you.",
      ru: "Расскажите, что вам нужно и как с вами связаться.",
    },
  });
  for (const [i, input] of inputs.entries()) {
    const row = await w.create("crm/inputs", { ...input, adminTitle: `Contact ${input.slug}`, title: input.label });
    await w.link("crm/forms-to-inputs", { formId: form.id, inputId: row.id }, i);
  }
  const formWidget = await w.widget("crm", "form-list-default", "contact-form", {
    title: { en: "Write to us", ru: "Напишите нам" },
  });
  await w.link("crm/widgets-to-forms", { widgetId: formWidget.widgetId, formId: form.id });
  await w.page({
    url: "/contact",
    title: "Contact · Northwind Studio",
    description: "Write to the studio.",
    keywords: "contact, form",
    widgets: [intro, formWidget],
  });
  return String(form.id);
}
