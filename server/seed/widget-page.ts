import type { RepositoryLookup } from "../../engine/query/transaction.js";

// A page of N widgets of every kind the loader walks (slider with slides and buttons, features,
// blog and shop lists, a CRM form) under a layout with a navbar: the shape the site tests and
// `npm run bench:site` measure. Not demo content: placeholder texts, unique slugs.

type Row = Record<string, any>;

/** Widget kinds a test page cycles through: every model walk the loader does, once each per kind. */
export const WIDGET_KINDS = ["slider", "features", "article-list", "product-list", "form"] as const;

export interface BuiltPage {
  pageId: string;
  layoutId: string;
  widgetIds: string[];
}

let counter = 0;
const unique = (base: string) => `${base}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A hosted page at `url` with metadata, a layout holding a navbar (logotype and a buttons array
 * of links), and `widgets` host widgets cycling through WIDGET_KINDS, each with its own rows.
 */
export async function buildWidgetPage(
  repository: RepositoryLookup,
  url: string,
  widgets: number,
  title = "Test page",
): Promise<BuiltPage> {
  const create: Create = (model, data) => repository(model).create(data, { trusted: true });
  const page = await create("host/pages", { url, title, slug: unique("page"), adminTitle: title });
  const metadata = await create("host/metadata", { title, description: `${title} description` });
  await create("host/pages-to-metadata", { pageId: page.id, metadataId: metadata.id });
  const layout = await create("host/layouts", { slug: unique("layout") });
  await create("host/pages-to-layouts", { pageId: page.id, layoutId: layout.id });
  const navbar = await moduleWidget(create, "website-builder", "navbar-default");
  const logotype = await create("website-builder/logotypes", { slug: unique("logo"), url: "/", title: { en: "Logo" } });
  await create("website-builder/widgets-to-logotypes", { widgetId: navbar.id, logotypeId: logotype.id });
  const links = await buttonsArray(create, ["Home", "Blog"]);
  await create("website-builder/widgets-to-buttons-arrays", { widgetId: navbar.id, buttonsArrayId: links.id });
  await place(create, "host/layouts-to-widgets", { layoutId: layout.id }, "website-builder", navbar.id, 0);

  const widgetIds: string[] = [];
  for (let i = 0; i < widgets; i++) {
    const kind = WIDGET_KINDS[i % WIDGET_KINDS.length]!;
    const id = await kindWidget(create, kind);
    const module =
      kind === "article-list"
        ? "blog"
        : kind === "product-list"
          ? "ecommerce"
          : kind === "form"
            ? "crm"
            : "website-builder";
    await place(create, "host/pages-to-widgets", { pageId: page.id }, module, id, i);
    widgetIds.push(id);
  }
  return { pageId: page.id, layoutId: layout.id, widgetIds };
}

type Create = (model: string, data: Row) => Promise<Row>;

async function moduleWidget(create: Create, module: string, variant: string): Promise<Row> {
  return create(`${module}/widgets`, { variant, slug: unique(`${module}-widget`), title: { en: `${variant} widget` } });
}

/** A host widget placed by `relation` (pages-to-widgets or layouts-to-widgets) that shows a module widget. */
async function place(
  create: Create,
  relation: string,
  owner: Row,
  module: string,
  moduleWidgetId: string,
  orderIndex: number,
) {
  const host = await create("host/widgets", { slug: unique("host-widget") });
  await create(relation, { ...owner, widgetId: host.id, orderIndex });
  await create("host/widgets-to-external-widgets", {
    widgetId: host.id,
    externalModule: module,
    externalWidgetId: moduleWidgetId,
  });
}

async function buttonsArray(create: Create, titles: string[]): Promise<Row> {
  const array = await create("website-builder/buttons-arrays", { slug: unique("buttons") });
  for (const [i, title] of titles.entries()) {
    const button = await create("website-builder/buttons", {
      slug: unique("button"),
      title: { en: title },
      url: `/${title.toLowerCase()}`,
    });
    await create("website-builder/buttons-arrays-to-buttons", {
      buttonsArrayId: array.id,
      buttonId: button.id,
      orderIndex: i,
    });
  }
  return array;
}

async function kindWidget(create: Create, kind: (typeof WIDGET_KINDS)[number]): Promise<string> {
  switch (kind) {
    case "slider": {
      const widget = await moduleWidget(create, "website-builder", "default");
      const slider = await create("website-builder/sliders", { slug: unique("slider") });
      await create("website-builder/widgets-to-sliders", { widgetId: widget.id, sliderId: slider.id });
      for (let i = 0; i < 2; i++) {
        const slide = await create("website-builder/slides", { slug: unique("slide"), title: { en: `Slide ${i}` } });
        await create("website-builder/sliders-to-slides", { sliderId: slider.id, slideId: slide.id, orderIndex: i });
        const array = await buttonsArray(create, ["More"]);
        await create("website-builder/slides-to-buttons-arrays", { slideId: slide.id, buttonsArrayId: array.id });
      }
      return widget.id;
    }
    case "features": {
      const widget = await moduleWidget(create, "website-builder", "default");
      for (let i = 0; i < 2; i++) {
        const feature = await create("website-builder/features", {
          slug: unique("feature"),
          title: { en: `Feature ${i}` },
        });
        await create("website-builder/widgets-to-features", {
          widgetId: widget.id,
          featureId: feature.id,
          orderIndex: i,
        });
      }
      return widget.id;
    }
    case "article-list":
      return (await moduleWidget(create, "blog", "article-list-default")).id;
    case "product-list":
      return (await moduleWidget(create, "ecommerce", "product-list-default")).id;
    case "form": {
      const widget = await moduleWidget(create, "crm", "form-list-default");
      const form = await create("crm/forms", { slug: unique("form") });
      await create("crm/widgets-to-forms", { widgetId: widget.id, formId: form.id });
      const input = await create("crm/inputs", {
        slug: unique("name"),
        variant: "text-default",
        label: { en: "Name" },
      });
      await create("crm/forms-to-inputs", { formId: form.id, inputId: input.id });
      return widget.id;
    }
  }
}
