import type { Row } from "../../common/site/page-data.js";
import { en, PageBuilder } from "./fixtures.js";

/** A published-looking page with every kind of website-builder part, a blog list, a form and a footer. */
export function demoPage(language: "en" | "ru" = "en"): PageBuilder {
  const page = new PageBuilder({ language, page: { title: "Acme — build faster" } });
  const layout = page.add("host/layouts", {});
  page.link("host/pages-to-layouts", page.page, layout);
  const place = (widget: Row, where: "default" | "additional", orderIndex: number) => {
    const host = page.add("host/widgets", {});
    page.link("host/layouts-to-widgets", layout, host, { variant: where, orderIndex });
    page.link("host/widgets-to-external-widgets", host, widget, {
      externalModule: "website-builder",
      externalWidgetId: widget.id,
    });
  };
  const buttons = (widget: Row, items: [string, string, string][], title = "Links") => {
    const array = page.add("website-builder/buttons-arrays", { title: en(title) });
    page.link("website-builder/widgets-to-buttons-arrays", widget, array);
    items.forEach(([variant, label, url], index) =>
      page.link(
        "website-builder/buttons-arrays-to-buttons",
        array,
        page.add("website-builder/buttons", { variant, title: en(label, `${label} (ru)`), url }),
        { orderIndex: index },
      ),
    );
  };

  const navbar = page.add("website-builder/widgets", { variant: "navbar-default", title: en("Acme") });
  page.link(
    "website-builder/widgets-to-logotypes",
    navbar,
    page.add("website-builder/logotypes", { title: en("Acme"), url: "/" }),
  );
  buttons(navbar, [
    ["link", "Product", "/product"],
    ["link", "Blog", "/blog"],
    ["link", "Docs", "https://docs.example"],
  ]);
  place(navbar, "default", 0);

  const footer = page.add("website-builder/widgets", {
    variant: "footer-default",
    title: en("Acme"),
    description: en("Sites, shops and communities from one place."),
  });
  buttons(
    footer,
    [
      ["link", "About", "/about"],
      ["link", "Contact", "/contact"],
    ],
    "Company",
  );
  place(footer, "additional", 1);

  const hero = page.widget(
    "website-builder",
    {
      variant: "content-default",
      title: en("Build sites people love", "Сайты, которые любят"),
      subtitle: en("New in 2026"),
      description: en("Pages, blogs and shops from one admin."),
    },
    0,
  );
  buttons(hero, [
    ["primary", "Start free", "/sign-up"],
    ["outline", "Learn more", "/about"],
  ]);

  const sliderWidget = page.widget("website-builder", { title: en("Showcase") }, 1);
  const slider = page.add("website-builder/sliders", {});
  page.link("website-builder/widgets-to-sliders", sliderWidget, slider);
  ["Spring", "Summer", "Autumn"].forEach((name, index) =>
    page.link(
      "website-builder/sliders-to-slides",
      slider,
      page.add("website-builder/slides", {
        title: en(name),
        subtitle: en("Collection"),
        url: index === 0 ? "/sale" : "",
      }),
      { orderIndex: index },
    ),
  );

  const features = page.widget("website-builder", { title: en("Why Acme") }, 2);
  ["Fast", "Multilingual", "Open"].forEach((name, index) =>
    page.link(
      "website-builder/widgets-to-features",
      features,
      page.add("website-builder/features", { title: en(name), description: en(`${name} by design.`) }),
      { orderIndex: index },
    ),
  );

  const blog = page.widget("blog", { variant: "article-list-default", title: en("From the blog") }, 3);
  const articles = ["Launch week", "How we price"].map((title, index) =>
    page.add("blog/articles", { slug: `a-${index}`, title: en(title), subtitle: en("A short read") }),
  );
  articles.forEach((article) => page.link("blog/widgets-to-articles", blog, article));

  const contact = page.widget("crm", { title: en("Talk to us") }, 4);
  const form = page.add("crm/forms", {});
  page.link("crm/widgets-to-forms", contact, form);
  [
    ["text-default", "name", "Name"],
    ["textarea-default", "message", "Message"],
  ].forEach(([variant, slug, label], index) =>
    page.link(
      "crm/forms-to-inputs",
      form,
      page.add("crm/inputs", { variant, slug, label: en(label!), placeholder: en(label!) }),
      { orderIndex: index },
    ),
  );
  return page;
}
