import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import type { Language, PageData, RelationKeys, Row } from "../../common/site/page-data.js";
import { SiteApp } from "../../web/site/render/site-app.js";
import { loadAllVariants, siteVariants } from "../../web/site/variants.js";

// Rendered synchronously like the server does: every variant's code at hand first.
await loadAllVariants();

/** A relation's two foreign keys, read from its schema like the loader does (first = parent). */
function relationKeys(model: string): RelationKeys {
  const schema = JSON.parse(readFileSync(new URL(`../../schemas/${model}.json`, import.meta.url), "utf8"));
  const refs = Object.entries(schema.properties as Record<string, { "x-references"?: { model: string } }>)
    .filter(([, property]) => property["x-references"])
    .map(([key, property]) => ({ key, model: property["x-references"]!.model }));
  if (model === "host/widgets-to-external-widgets")
    refs.push({ key: "externalWidgetId", model: "website-builder/widgets" });
  const [parent, child] = refs;
  if (!parent || !child) throw new Error(`${model} is not a relation`);
  return { parent, child };
}

let clock = 0;

/** Builds a page's PageData by hand: rows, relations between them, segments and lists. */
export class PageBuilder {
  readonly data: PageData;
  readonly page: Row;

  constructor(options: { language?: Language; path?: string; page?: Record<string, unknown> } = {}) {
    const pageId = randomUUID();
    this.data = {
      language: options.language ?? "en",
      path: options.path ?? "/",
      pageId,
      segments: {},
      records: {},
      lists: {},
      relations: {},
    };
    this.page = this.add("host/pages", {
      id: pageId,
      title: "Home",
      description: "The home page",
      url: "/",
      ...options.page,
    });
  }

  add(model: string, fields: Record<string, unknown> = {}): Row {
    clock += 1;
    const row: Row = {
      id: randomUUID(),
      variant: "default",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString(),
      ...fields,
    };
    (this.data.records[model] ??= {})[row.id] = row;
    return row;
  }

  link(relationModel: string, parent: Row, child: Row, fields: Record<string, unknown> = {}): Row {
    const keys = (this.data.relations[relationModel] ??= relationKeys(relationModel));
    return this.add(relationModel, {
      orderIndex: 0,
      [keys.parent.key]: parent.id,
      [keys.child.key]: child.id,
      ...fields,
    });
  }

  /** A module widget placed on the page: page → host widget → external widget → `{module}/widgets` row. */
  widget(module: string, fields: Record<string, unknown> = {}, orderIndex = 0): Row {
    const host = this.add("host/widgets", { slug: `host-${clock}` });
    this.link("host/pages-to-widgets", this.page, host, { orderIndex });
    const widget = this.add(`${module}/widgets`, {
      slug: `widget-${clock}`,
      title: {},
      subtitle: {},
      description: {},
      ...fields,
    });
    this.link("host/widgets-to-external-widgets", host, widget, {
      externalModule: module,
      externalWidgetId: widget.id,
    });
    return widget;
  }

  segment(name: string, value: string) {
    this.data.segments[name] = value;
    return this;
  }

  list(model: string, rows: Row[]) {
    this.data.lists[model] = rows.map((row) => row.id);
    return this;
  }
}

/** The server-rendered app (no document around it). */
export function renderApp(data: PageData): string {
  return renderToString(createElement(SiteApp, { data, variants: siteVariants }));
}

/** Text content of rendered HTML, tags removed and entities decoded, for readable assertions. */
export function textOf(html: string): string {
  return (
    html
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      // What is drawn: not the page heading nor the links' subjects only screen readers get
      // (render/page-heading.tsx, render/link-subject.tsx).
      .replace(/<h1 class="s-visually-hidden">[\s\S]*?<\/h1>/g, " ")
      .replace(/<span class="s-visually-hidden">[\s\S]*?<\/span>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim()
  );
}

export const en = (text: string, ru?: string) => (ru ? { en: text, ru } : { en: text });
