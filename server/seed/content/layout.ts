import type { SeedWriter } from "../seed-writer.js";

/** The layout every demo page shares: the navbar above the page, the footer below it ('additional'). */
export async function seedLayout(w: SeedWriter) {
  const layout = await w.create("host/layouts", {
    slug: "main-layout",
    adminTitle: "Main layout",
    title: { en: "Main layout", ru: "Основной макет" },
  });
  w.layoutId = layout.id;

  const logotype = await w.create("website-builder/logotypes", {
    slug: "northwind-logo",
    adminTitle: "Northwind Studio logo",
    url: "/",
    title: { en: "Northwind Studio", ru: "Студия «Норд»" },
  });

  // The navbar with the search box (its results at /search, content/search.ts).
  const navbar = await w.widget("website-builder", "navbar-search-default", "navbar", {
    title: { en: "Northwind Studio", ru: "Студия «Норд»" },
  });
  await w.link("website-builder/widgets-to-logotypes", { widgetId: navbar.widgetId, logotypeId: logotype.id });
  // No 'Sign in' button here: the user menu at the navbar's right end links to sign-in, and
  // becomes the account menu once signed in.
  const navigation = await w.buttonsArray("navigation", [
    { title: { en: "Home", ru: "Главная" }, url: "/", variant: "ghost" },
    { title: { en: "Blog", ru: "Блог" }, url: "/blog", variant: "ghost" },
    { title: { en: "Products", ru: "Товары" }, url: "/products", variant: "ghost" },
    { title: { en: "Contact", ru: "Контакты" }, url: "/contact", variant: "ghost" },
  ]);
  await w.link("website-builder/widgets-to-buttons-arrays", { widgetId: navbar.widgetId, buttonsArrayId: navigation });
  await w.link("host/layouts-to-widgets", { layoutId: layout.id, widgetId: await w.hostWidget(navbar, "navbar") }, 0);

  const footer = await w.widget("website-builder", "footer-default", "footer", {
    title: { en: "Northwind Studio", ru: "Студия «Норд»" },
    description: {
      en: "Sites, stories and small goods made with care. Built on an open platform you can run yourself.",
      ru: "Сайты, истории и небольшие вещи, сделанные с заботой. Работает на открытой платформе, которую можно запустить у себя.",
    },
  });
  await w.link("website-builder/widgets-to-logotypes", { widgetId: footer.widgetId, logotypeId: logotype.id });
  const footerLinks = await w.buttonsArray("footer-links", [
    { title: { en: "Blog", ru: "Блог" }, url: "/blog", variant: "link" },
    { title: { en: "Products", ru: "Товары" }, url: "/products", variant: "link" },
    { title: { en: "Contact", ru: "Контакты" }, url: "/contact", variant: "link" },
    { title: { en: "Source code", ru: "Исходный код" }, url: "https://github.com/", variant: "link" },
  ]);
  await w.link("website-builder/widgets-to-buttons-arrays", { widgetId: footer.widgetId, buttonsArrayId: footerLinks });
  await w.link(
    "host/layouts-to-widgets",
    { layoutId: layout.id, widgetId: await w.hostWidget(footer, "footer") },
    1,
    "additional",
  );
}
