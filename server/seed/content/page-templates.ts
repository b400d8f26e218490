import type { Both, SeedWriter } from "../seed-writer.js";

/** A feature of the landing template's list, with its texts in both languages. */
const LANDING_FEATURES: { title: Both; description: Both }[] = [
  {
    title: { en: "What you offer", ru: "Что вы предлагаете" },
    description: {
      en: "One sentence on the first thing a visitor gets.",
      ru: "Одно предложение о первом, что получает посетитель.",
    },
  },
  {
    title: { en: "Why it matters", ru: "Почему это важно" },
    description: {
      en: "One sentence on the problem it solves.",
      ru: "Одно предложение о том, какую задачу это решает.",
    },
  },
  {
    title: { en: "How to start", ru: "Как начать" },
    description: {
      en: "One sentence on the first step to take.",
      ru: "Одно предложение о первом шаге.",
    },
  },
];

/**
 * The page templates the admin's New page dialog offers (docs/admin.md, "Pages"): a landing page,
 * an article list and a contact page, under /templates/…, each marked `isTemplate` so visitors
 * never see them (not found, not in the sitemap or search). Their texts say what to write where;
 * the contact template shows the demo's contact form (a form is shared, not copied, by a page
 * made from it).
 */
export async function seedPageTemplates(w: SeedWriter, contactFormId: string) {
  await seedLanding(w);
  const intro = await w.widget("website-builder", "content-default", "template-articles-intro", {
    title: { en: "From our blog", ru: "Из нашего блога" },
    subtitle: { en: "What we wrote lately", ru: "О чём мы писали недавно" },
    description: {
      en: "A sentence on what the articles below are about.",
      ru: "Предложение о том, о чём статьи ниже.",
    },
  });
  const articles = await w.widget("blog", "article-list-default", "template-articles-list", {
    title: { en: "Latest articles", ru: "Свежие статьи" },
  });
  await w.page({
    url: "/templates/article-list",
    title: { en: "Article list", ru: "Список статей" },
    description: {
      en: "An introduction and the newest articles of the blog.",
      ru: "Вступление и самые свежие статьи блога.",
    },
    widgets: [intro, articles],
    isTemplate: true,
  });

  const contactIntro = await w.widget("website-builder", "content-default", "template-contact-intro", {
    title: { en: "Get in touch", ru: "Свяжитесь с нами" },
    subtitle: { en: "We answer every message", ru: "Мы отвечаем на каждое сообщение" },
    description: {
      en: "A sentence on who reads the messages and how soon they answer.",
      ru: "Предложение о том, кто читает сообщения и как скоро отвечает.",
    },
  });
  const form = await w.widget("crm", "form-list-default", "template-contact-form", {
    title: { en: "Write to us", ru: "Напишите нам" },
  });
  await w.link("crm/widgets-to-forms", { widgetId: form.widgetId, formId: contactFormId });
  await w.page({
    url: "/templates/contact",
    title: { en: "Contact", ru: "Контакты" },
    description: {
      en: "An introduction and the contact form.",
      ru: "Вступление и форма обратной связи.",
    },
    widgets: [contactIntro, form],
    isTemplate: true,
  });
}

/** The landing template: a hero with two buttons, then three features. */
async function seedLanding(w: SeedWriter) {
  const hero = await w.widget("website-builder", "content-default", "template-landing-hero", {
    title: { en: "Your headline", ru: "Ваш заголовок" },
    subtitle: { en: "A subtitle that makes the promise", ru: "Подзаголовок с обещанием" },
    description: {
      en: "Two or three sentences that tell the visitor why to stay.",
      ru: "Два-три предложения о том, почему посетителю стоит остаться.",
    },
  });
  const buttons = await w.buttonsArray("template-landing-actions", [
    { title: { en: "Get started", ru: "Начать" }, url: "/contact", variant: "primary" },
    { title: { en: "Learn more", ru: "Подробнее" }, url: "/blog", variant: "outline" },
  ]);
  await w.link("website-builder/widgets-to-buttons-arrays", { widgetId: hero.widgetId, buttonsArrayId: buttons });
  const features = await w.widget("website-builder", "default", "template-landing-features", {
    title: { en: "What you get", ru: "Что вы получите" },
    subtitle: { en: "Three reasons in a few words", ru: "Три причины в нескольких словах" },
  });
  for (const [i, feature] of LANDING_FEATURES.entries()) {
    const row = await w.create("website-builder/features", {
      ...feature,
      slug: `template-landing-feature-${i + 1}`,
      adminTitle: feature.title.en,
    });
    await w.link("website-builder/widgets-to-features", { widgetId: features.widgetId, featureId: row.id }, i);
  }
  await w.page({
    url: "/templates/landing",
    title: { en: "Landing", ru: "Лендинг" },
    description: {
      en: "A hero with two buttons, then three features.",
      ru: "Главный блок с двумя кнопками, затем три преимущества.",
    },
    widgets: [hero, features],
    isTemplate: true,
  });
}
