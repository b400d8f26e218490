import type { SeedWriter } from "../seed-writer.js";

/** '/': a slider, the features, a row of buttons and the latest articles. */
export async function seedHome(w: SeedWriter) {
  const sliderWidget = await w.widget("website-builder", "default", "home-slider");
  const slider = await w.create("website-builder/sliders", { slug: "home-slider", adminTitle: "Home slider" });
  await w.link("website-builder/widgets-to-sliders", { widgetId: sliderWidget.widgetId, sliderId: slider.id });
  const slides = [
    {
      slug: "slide-build",
      url: "/blog",
      title: { en: "Build a site from blocks", ru: "Соберите сайт из блоков" },
      subtitle: {
        en: "Pages, layouts and widgets you arrange in the admin",
        ru: "Страницы, макеты и виджеты, которые вы расставляете в админке",
      },
      description: {
        en: "Every page here is made of records: change one and the page follows at once.",
        ru: "Каждая страница здесь собрана из записей: измените одну — и страница обновится сразу.",
      },
    },
    {
      slug: "slide-shop",
      url: "/products",
      title: { en: "Sell what you make", ru: "Продавайте то, что делаете" },
      subtitle: {
        en: "Products, stores and a cart that works in two languages",
        ru: "Товары, магазины и корзина на двух языках",
      },
      description: {
        en: "Start with a few items and grow the catalogue when you are ready.",
        ru: "Начните с нескольких товаров и расширяйте каталог, когда будете готовы.",
      },
    },
    {
      slug: "slide-talk",
      url: "/contact",
      title: { en: "Talk to your visitors", ru: "Говорите с посетителями" },
      subtitle: { en: "Forms that land straight in your CRM", ru: "Формы, которые попадают прямо в CRM" },
      description: {
        en: "Questions, orders and feedback arrive as requests you can answer.",
        ru: "Вопросы, заказы и отзывы приходят заявками, на которые можно ответить.",
      },
    },
  ];
  for (const [i, slide] of slides.entries()) {
    const row = await w.create("website-builder/slides", { ...slide, adminTitle: slide.title.en });
    await w.link("website-builder/sliders-to-slides", { sliderId: slider.id, slideId: row.id }, i);
  }

  const features = await w.widget("website-builder", "default", "home-features", {
    title: { en: "Why people choose it", ru: "Почему выбирают нас" },
    subtitle: {
      en: "One platform for the site, the blog and the shop",
      ru: "Одна платформа для сайта, блога и магазина",
    },
  });
  const featureTexts = [
    {
      slug: "feature-fast",
      title: { en: "Fast pages", ru: "Быстрые страницы" },
      description: {
        en: "Pages render on the server and are cached until something on them changes.",
        ru: "Страницы рендерятся на сервере и кешируются, пока на них ничего не изменится.",
      },
    },
    {
      slug: "feature-languages",
      title: { en: "Two languages", ru: "Два языка" },
      description: {
        en: "Every text has an English and a Russian version; visitors switch with one click.",
        ru: "У каждого текста есть английская и русская версии; посетители переключаются одним щелчком.",
      },
    },
    {
      slug: "feature-accounts",
      title: { en: "Accounts built in", ru: "Встроенные аккаунты" },
      description: {
        en: "Sign-up with email or a wallet, password reset and roles come with it.",
        ru: "Регистрация по почте или через кошелёк, сброс пароля и роли — всё уже есть.",
      },
    },
    {
      slug: "feature-open",
      title: { en: "Yours to run", ru: "Запускайте сами" },
      description: {
        en: "One command starts it with an embedded database; PostgreSQL when you grow.",
        ru: "Одна команда запускает его со встроенной базой; PostgreSQL — когда вырастете.",
      },
    },
  ];
  for (const [i, feature] of featureTexts.entries()) {
    const row = await w.create("website-builder/features", { ...feature, adminTitle: feature.title.en });
    await w.link("website-builder/widgets-to-features", { widgetId: features.widgetId, featureId: row.id }, i);
  }

  const actions = await w.widget("website-builder", "default", "home-actions", {
    title: { en: "Have a look around", ru: "Осмотритесь" },
    subtitle: {
      en: "Read what we write or see what we sell",
      ru: "Почитайте, о чём мы пишем, или посмотрите, что мы продаём",
    },
  });
  const buttons = await w.buttonsArray("home-actions", [
    { title: { en: "Read the blog", ru: "Читать блог" }, url: "/blog", variant: "primary" },
    { title: { en: "Browse products", ru: "Смотреть товары" }, url: "/products", variant: "outline" },
  ]);
  await w.link("website-builder/widgets-to-buttons-arrays", { widgetId: actions.widgetId, buttonsArrayId: buttons });

  const latest = await w.widget("blog", "article-list-default", "home-latest-articles", {
    title: { en: "From the blog", ru: "Из блога" },
    subtitle: { en: "Notes on making things for the web", ru: "Заметки о том, как делать вещи для веба" },
  });

  // Titled in both languages: /ru/ has a Russian <title> and hidden <h1> (page-heading.tsx), the studio's Russian name.
  await w.page({
    url: "/",
    title: { en: "Northwind Studio", ru: "Студия «Норд»" },
    description: {
      en: "Sites, stories and small goods made with care.",
      ru: "Сайты, истории и небольшие вещи, сделанные с заботой.",
    },
    keywords: "studio, site builder, blog, shop",
    widgets: [sliderWidget, features, actions, latest],
  });
}
