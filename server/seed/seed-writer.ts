import type { RepositoryLookup } from "../../engine/query/transaction.js";

/** Text in both site languages: every language map of the demo content has both. */
export interface Both {
  en: string;
  ru: string;
}
type Row = Record<string, any>;

export interface PlacedWidget {
  module: string;
  widgetId: string;
}

export interface PageSpec {
  url: string;
  /** One text for every language, or the texts by language (the visitor's language picks). */
  title: string | Both;
  description: string | Both;
  keywords?: string;
  widgets: PlacedWidget[];
  /** A page template (the admin's New page dialog offers it; visitors never see it). */
  isTemplate?: boolean;
}

/** Writes the demo site through the repositories of one transaction, with helpers for its recurring shapes. */
export class SeedWriter {
  pages = 0;
  templates = 0;
  layoutId?: string;

  constructor(private readonly repository: RepositoryLookup) {}

  create(model: string, data: Row): Promise<Row> {
    return this.repository(model).create(data);
  }

  /** A module widget ("website-builder", "blog", …) with its variant and texts. */
  async widget(
    module: string,
    variant: string,
    slug: string,
    texts: Partial<Record<"title" | "subtitle" | "description", Both>> = {},
  ): Promise<PlacedWidget> {
    const row = await this.create(`${module}/widgets`, { variant, slug, adminTitle: `${module} ${slug}`, ...texts });
    return { module, widgetId: row.id };
  }

  /** Links parent and child through a relation, at a position. */
  link(relation: string, keys: Row, orderIndex = 0, variant?: string): Promise<Row> {
    return this.create(relation, { ...keys, orderIndex, ...(variant ? { variant } : {}) });
  }

  /** A host widget that shows a module widget: what pages and layouts hold. */
  async hostWidget(placed: PlacedWidget, slug: string): Promise<string> {
    const host = await this.create("host/widgets", { slug: `host-${slug}`, adminTitle: `Host ${slug}` });
    await this.link("host/widgets-to-external-widgets", {
      widgetId: host.id,
      externalModule: placed.module,
      externalWidgetId: placed.widgetId,
    });
    return host.id;
  }

  /** Buttons in order, gathered in a buttons array. */
  async buttonsArray(slug: string, buttons: { title: Both; url: string; variant?: string }[]): Promise<string> {
    const array = await this.create("website-builder/buttons-arrays", { slug, adminTitle: `Buttons ${slug}` });
    for (const [i, button] of buttons.entries()) {
      const row = await this.create("website-builder/buttons", {
        slug: `${slug}-${i + 1}`,
        adminTitle: `${slug} ${button.title.en}`,
        title: button.title,
        url: button.url,
        variant: button.variant ?? "default",
      });
      await this.link("website-builder/buttons-arrays-to-buttons", { buttonsArrayId: array.id, buttonId: row.id }, i);
    }
    return array.id;
  }

  /** A hosted page in the shared layout, with its metadata (variant 'primary') and widgets in order. */
  async page(spec: PageSpec): Promise<string> {
    const slug =
      spec.url === "/"
        ? "home"
        : spec.url
            .replace(/[[\]]/g, "")
            .replace(/[^a-z0-9]+/gi, "-")
            .replace(/^-|-$/g, "")
            .toLowerCase();
    const adminTitle = typeof spec.title === "string" ? spec.title : spec.title.en;
    const page = await this.create("host/pages", {
      url: spec.url,
      title: spec.title,
      description: spec.description,
      slug: `page-${slug}`,
      adminTitle,
      ...(spec.isTemplate ? { isTemplate: true } : {}),
    });
    // Link previews' own texts are one string: texts by language are left to the head, which
    // gives og: and twitter: the title and description in the visitor's language.
    const previews =
      typeof spec.title === "string" && typeof spec.description === "string"
        ? { title: spec.title, description: spec.description }
        : {};
    const metadata = await this.create("host/metadata", {
      variant: "primary",
      title: spec.title,
      description: spec.description,
      keywords: spec.keywords ?? "platform, site builder, blog, shop",
      opengraph: { ...previews, type: "website", siteName: "Northwind Studio" },
      twitter: { card: "summary_large_image", ...previews },
    });
    await this.link("host/pages-to-metadata", { pageId: page.id, metadataId: metadata.id });
    if (this.layoutId) await this.link("host/pages-to-layouts", { pageId: page.id, layoutId: this.layoutId });
    for (const [i, placed] of spec.widgets.entries()) {
      const hostId = await this.hostWidget(placed, `${slug}-${i + 1}`);
      await this.link("host/pages-to-widgets", { pageId: page.id, widgetId: hostId }, i);
    }
    if (spec.isTemplate) this.templates++;
    else this.pages++;
    return page.id;
  }
}
