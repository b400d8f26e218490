import { bold, bulletList, copyText, doc, heading, italic, link, paragraph, quote } from "../rich-text.js";
import type { Both, SeedWriter } from "../seed-writer.js";

interface Article {
  slug: string;
  title: Both;
  subtitle: Both;
  description: { en: string; ru: string };
  categories: string[];
}

const articles: Article[] = [
  {
    slug: "hello-world",
    title: { en: "Hello, world", ru: "Привет, мир" },
    subtitle: {
      en: "Why we built our site from small, reusable blocks",
      ru: "Почему мы собрали сайт из маленьких повторяемых блоков",
    },
    categories: ["news"],
    description: {
      en: doc(
        heading(2, "A site that is easy to change"),
        paragraph(
          "Every page you see here is a list of widgets: a slider, a set of features, a row of buttons. Editors rearrange them in the admin, and the page follows.",
        ),
        paragraph(
          "We wanted the ",
          bold("content"),
          " to live in records, not in templates, so that a new page is a few clicks rather than a release.",
        ),
        quote("Make the common case simple and the rare case possible."),
        paragraph(
          "Read more in the ",
          link("products section", "/products"),
          " or drop us a line on the ",
          link("contact page", "/contact"),
          ".",
        ),
      ),
      ru: doc(
        heading(2, "Сайт, который легко менять"),
        paragraph(
          "Каждая страница здесь — это список виджетов: слайдер, набор преимуществ, ряд кнопок. Редакторы переставляют их в админке, и страница меняется следом.",
        ),
        paragraph(
          "Мы хотели, чтобы ",
          bold("содержимое"),
          " жило в записях, а не в шаблонах: новая страница — это несколько щелчков, а не новый релиз.",
        ),
        quote("Сделайте частый случай простым, а редкий — возможным."),
        paragraph(
          "Подробнее — в ",
          link("разделе товаров", "/products"),
          " или напишите нам на ",
          link("странице контактов", "/contact"),
          ".",
        ),
      ),
    },
  },
  {
    slug: "writing-in-two-languages",
    title: { en: "Writing in two languages", ru: "Пишем на двух языках" },
    subtitle: {
      en: "How every text on this site has an English and a Russian version",
      ru: "Как у каждого текста на сайте появились английская и русская версии",
    },
    categories: ["guides"],
    description: {
      en: doc(
        heading(2, "One field, two languages"),
        paragraph(
          "Titles, subtitles and descriptions are maps from a language code to text. The English version is served at the plain address, the Russian one under ",
          italic("/ru"),
          ".",
        ),
        bulletList(
          "Write the English text first: it is the default.",
          "Add the Russian text in the same form.",
          "Check both versions with the language switcher in the header.",
        ),
        paragraph("Try it: copy the address prefix ", copyText("/ru"), " and put it in front of any page."),
      ),
      ru: doc(
        heading(2, "Одно поле, два языка"),
        paragraph(
          "Заголовки, подзаголовки и описания — это словари от кода языка к тексту. Английская версия доступна по обычному адресу, русская — с префиксом ",
          italic("/ru"),
          ".",
        ),
        bulletList(
          "Сначала напишите английский текст: он используется по умолчанию.",
          "Добавьте русский текст в той же форме.",
          "Проверьте обе версии переключателем языка в шапке.",
        ),
        paragraph("Попробуйте: скопируйте префикс ", copyText("/ru"), " и поставьте его перед адресом любой страницы."),
      ),
    },
  },
  {
    slug: "caching-without-surprises",
    title: { en: "Caching without surprises", ru: "Кеширование без сюрпризов" },
    subtitle: {
      en: "Pages stay fast and still show your latest edit",
      ru: "Страницы остаются быстрыми и всё равно показывают последнюю правку",
    },
    categories: ["guides", "news"],
    description: {
      en: doc(
        heading(2, "Fast by default"),
        paragraph(
          "A rendered page is kept in memory. When you edit a record that the page used — a button, an article, a product — only the pages that used it are rendered again.",
        ),
        heading(3, "Several servers"),
        paragraph(
          "Instances tell each other about changes through the database, so every server forgets the same stale pages at the same time.",
        ),
      ),
      ru: doc(
        heading(2, "Быстро по умолчанию"),
        paragraph(
          "Отрисованная страница хранится в памяти. Когда вы меняете запись, которую страница использовала, — кнопку, статью, товар, — заново отрисовываются только эти страницы.",
        ),
        heading(3, "Несколько серверов"),
        paragraph(
          "Экземпляры сообщают друг другу об изменениях через базу данных, поэтому все серверы одновременно забывают одни и те же устаревшие страницы.",
        ),
      ),
    },
  },
  {
    slug: "members-notes",
    title: { en: "Notes for members", ru: "Заметки для участников" },
    subtitle: {
      en: "An article with a part only signed-in members with access can read",
      ru: "Статья, часть которой видят только участники с доступом",
    },
    categories: ["news"],
    description: {
      en: doc(
        paragraph(
          "The introduction is public. The notes below it are private: they appear for visitors whose role may read them, and everyone else sees ‘Not authorized’.",
        ),
      ),
      ru: doc(
        paragraph(
          "Вступление открыто всем. Заметки ниже — закрытые: их видят посетители, чьей роли это разрешено, а остальные видят «Нет доступа».",
        ),
      ),
    },
  },
];

const categories = [
  {
    slug: "news",
    title: { en: "News", ru: "Новости" },
    subtitle: { en: "What changed and why", ru: "Что изменилось и почему" },
    description: { en: "Announcements and stories from the studio.", ru: "Объявления и истории студии." },
  },
  {
    slug: "guides",
    title: { en: "Guides", ru: "Руководства" },
    subtitle: { en: "How to get things done", ru: "Как сделать нужное" },
    description: { en: "Step-by-step notes on using the platform.", ru: "Пошаговые заметки о работе с платформой." },
  },
];

/** The blog: categories, articles (one with private content), its list page and the article and category pages. */
export async function seedBlog(w: SeedWriter) {
  const categoryIds = new Map<string, string>();
  for (const category of categories) {
    const row = await w.create("blog/categories", { ...category, adminTitle: category.title.en });
    categoryIds.set(category.slug, row.id);
  }
  const articleIds = new Map<string, string>();
  for (const article of articles) {
    const { categories: inCategories, ...fields } = article;
    const row = await w.create("blog/articles", { ...fields, adminTitle: article.title.en });
    articleIds.set(article.slug, row.id);
    for (const [i, slug] of inCategories.entries())
      await w.link("blog/categories-to-articles", { categoryId: categoryIds.get(slug), articleId: row.id }, i);
  }

  // The private part of "members-notes": a website-builder widget linked to the article, which
  // visitors may not read (no anonymous permission on articles-to-website-builder-module-widgets).
  const privateNotes = await w.widget("website-builder", "content-default", "members-notes-private", {
    title: { en: "Members’ notes", ru: "Заметки для участников" },
    description: {
      en: "Thank you for being here. Next month we open the beta of shared carts; reply to the announcement mail to join.",
      ru: "Спасибо, что вы с нами. В следующем месяце открываем бету общих корзин — ответьте на письмо-анонс, чтобы участвовать.",
    },
  });
  await w.link("blog/articles-to-website-builder-module-widgets", {
    articleId: articleIds.get("members-notes"),
    websiteBuilderModuleWidgetId: privateNotes.widgetId,
  });

  const list = await w.widget("blog", "article-list-default", "blog-articles", {
    title: { en: "Blog", ru: "Блог" },
    subtitle: { en: "Notes on making things for the web", ru: "Заметки о том, как делать вещи для веба" },
  });
  const categoryList = await w.widget("blog", "category-list-default", "blog-categories", {
    title: { en: "Categories", ru: "Категории" },
  });
  await w.page({
    url: "/blog",
    // Titled in both languages: /ru/blog has a Russian <title> and hidden <h1> (page-heading.tsx).
    title: { en: "Blog · Northwind Studio", ru: "Блог · Студия «Норд»" },
    description: { en: "Notes on making things for the web.", ru: "Заметки о том, как делать вещи для веба." },
    keywords: "blog, articles",
    widgets: [list, categoryList],
  });

  const overview = await w.widget("blog", "article-overview-default", "blog-article-overview");
  await w.page({
    url: "/blog/articles/[blog.articles.slug]",
    title: "Article · Northwind Studio",
    description: "An article from the Northwind Studio blog.",
    widgets: [overview],
  });

  const members = await w.widget("blog", "article-overview-with-private-content-default", "blog-members-article");
  await w.link("blog/widgets-to-articles", { widgetId: members.widgetId, articleId: articleIds.get("members-notes") });
  await w.page({
    url: "/blog/members",
    title: "Members · Northwind Studio",
    description: "Notes for members of the studio.",
    widgets: [members],
  });

  const category = await w.widget("blog", "category-overview-default", "blog-category-overview");
  await w.page({
    url: "/blog/categories/[blog.categories.slug]",
    title: "Category · Northwind Studio",
    description: "Articles of one blog category.",
    widgets: [category],
  });
}
