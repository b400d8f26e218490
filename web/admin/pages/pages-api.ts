import { api, type Query } from "../../api/client.js";
import type { Publication } from "../editorial/editorial-api.js";

/** Texts by language ({ en, ru }). */
export type Texts = Record<string, string>;

/** A page's title or description: a language map, or (older pages) one text for every language. */
export type PageText = string | Texts | null | undefined;

export interface PageRow {
  id: string;
  url: string;
  adminTitle?: string;
  title: PageText;
  description: PageText;
  /** A page template (the New page dialog's starting points), never served to visitors. */
  isTemplate?: boolean;
  publication?: Publication;
}

/** One block of GET /api/host/pages/{id}/blocks: a host widget, in the page's order (layout blocks first). */
export interface Block {
  id: string;
  /** `page`, or the id of the layout the block belongs to. */
  region: string;
  module: string;
  variant: string;
  /** The module's widget the block shows. */
  widgetId: string;
  title: PageText;
  /** A reusable block: its name, how many pages place it, whether it has unpublished changes; else null. */
  reusable?: ReusableInfo | null;
}

export interface ReusableInfo {
  name: string;
  usedOn: number;
  changed: boolean;
}

/** One reusable block of the palette (GET /api/host/reusable-blocks). */
export interface ReusableBlock extends ReusableInfo {
  id: string;
  module: string;
  variant: string;
  title: string;
}

/** One variant of the block catalogue, with its texts and the kinds of children it takes. */
export interface CatalogueVariant {
  module: string;
  variant: string;
  label: Texts;
  description: Texts;
  children: string[];
}

export interface CatalogueModule {
  module: string;
  label: Texts;
  variants: CatalogueVariant[];
}

/** The text of a page's title (or a block's) in `language`: a map's entry, else English, else any; a plain string as it is. */
export function textOf(value: PageText, language: string): string {
  if (!value) return "";
  if (typeof value === "string") return value;
  return (
    value[language]?.trim() ||
    value.en?.trim() ||
    Object.values(value)
      .find((v) => v?.trim())
      ?.trim() ||
    ""
  );
}

const PAGES = "/api/host/pages";
const blocksOf = (pageId: string) => `${PAGES}/${pageId}/blocks`;

export const loadPage = (id: string, signal?: AbortSignal) =>
  api<PageRow & Record<string, unknown>>(`${PAGES}/${id}`, {
    query: { draft: true },
    signal,
  });

/** Pages and page templates are listed apart: the condition that keeps one kind. */
const kindFilter = (templates: boolean) => JSON.stringify([{ column: "isTemplate", method: "eq", value: templates }]);

/** One list page of pages (working copies, templates left out) and how many match, searched by title or url. */
export async function listPages(query: Query, signal?: AbortSignal): Promise<{ rows: PageRow[]; total: number }> {
  const kind = { "filters[and]": kindFilter(false) };
  const [rows, total] = await Promise.all([
    api<PageRow[]>(PAGES, { query: { ...query, ...kind, draft: true }, signal }),
    api<number>(`${PAGES}/count`, {
      query: {
        ...("filters[or]" in query ? { "filters[or]": query["filters[or]"] } : {}),
        ...kind,
        draft: true,
      },
      signal,
    }),
  ]);
  return { rows, total };
}

/** Pages (working copies, templates left out) matching `query`, without their count: a picker's few. */
export const findPages = (query: Query, signal?: AbortSignal) =>
  api<PageRow[]>(PAGES, { query: { ...query, "filters[and]": kindFilter(false), draft: true }, signal });

/** The page templates (working copies) in url order: a handful, all at once. */
export const listTemplates = (signal?: AbortSignal) =>
  api<PageRow[]>(PAGES, {
    query: {
      "filters[and]": kindFilter(true),
      "orderBy[and]": JSON.stringify([{ column: "url", method: "asc" }]),
      limit: 100,
      draft: true,
    },
    signal,
  });

/** What a copy takes instead of the source's own (server/site/host/page-copies/page-copy-route.ts). */
export interface PageCopy {
  url?: string;
  title?: string | Texts;
  description?: string | Texts;
  template?: boolean;
}

/**
 * A new page (a draft) copied from a page or a template on the server, in one transaction: its
 * layout, metadata and every block. Without url and title: a free "-copy" address and "… (copy)"
 * titles. Answers the new page.
 */
export const duplicatePage = (id: string, copy: PageCopy = {}) =>
  api<PageRow>(`${PAGES}/${id}/duplicate`, { method: "POST", body: copy });

/**
 * A page text as the server stores it: the language map, or — on a server whose page titles are
 * still one text (from before titles per language, docs/languages.md) — the English text, else any.
 */
export const storedText = (texts: Texts, asMap: boolean): string | Texts => (asMap ? texts : textOf(texts, "en"));

/** The layouts a new page may be framed by (their navbar and footer), oldest first. */
export const loadLayouts = (signal?: AbortSignal) =>
  api<{ id: string; adminTitle: string; title: PageText }[]>("/api/host/layouts", {
    query: { draft: true, limit: 100 },
    signal,
  });

/**
 * A new page at `url` with its titles (its description starts as its title), framed by `layoutId`
 * when given. Two generic calls (no route writes both): should the layout's row be refused, the
 * page is removed again, so no page without its frame stays behind.
 */
export async function createPage(url: string, title: Texts, asMap: boolean, layoutId?: string): Promise<PageRow> {
  const page = await api<PageRow>(PAGES, {
    method: "POST",
    body: { url, title: storedText(title, asMap), description: storedText(title, asMap) },
  });
  if (!layoutId) return page;
  try {
    await api("/api/host/pages-to-layouts", { method: "POST", body: { pageId: page.id, layoutId, orderIndex: 0 } });
  } catch (error) {
    await api(`${PAGES}/${page.id}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
  return page;
}

export const loadBlocks = (pageId: string, language: string, signal?: AbortSignal) =>
  api<Block[]>(blocksOf(pageId), { query: { language }, signal });

/** A new block at the end or after the block `after`; `content` (its texts and children) when an undo makes a removed block again. */
export const addBlock = (
  pageId: string,
  data: { module: string; variant: string; after?: string; content?: Record<string, unknown> },
) => api<Block>(blocksOf(pageId), { method: "POST", body: data });

export const orderBlocks = (pageId: string, ids: string[]) =>
  api<Block[]>(`${blocksOf(pageId)}/order`, { method: "PATCH", body: { ids } });

export const removeBlock = (pageId: string, blockId: string) =>
  api(`${blocksOf(pageId)}/${blockId}`, { method: "DELETE" });

export const duplicateBlock = (pageId: string, blockId: string) =>
  api<Block>(`${blocksOf(pageId)}/${blockId}/duplicate`, {
    method: "POST",
    body: {},
  });

/** "Save as reusable block": the block, now reusable under `name`. */
export const saveReusable = (pageId: string, blockId: string, name: string) =>
  api<Block>(`${blocksOf(pageId)}/${blockId}/reusable`, { method: "POST", body: { title: name } });

/** A reusable block placed on the page: the same record, at the end or after `after`. */
export const placeReusable = (pageId: string, id: string, after?: string) =>
  api<Block>(blocksOf(pageId), { method: "POST", body: { reusable: id, ...(after ? { after } : {}) } });

/** "Detach": the page's own copy of a reusable block, in its place. */
export const detachReusable = (pageId: string, blockId: string) =>
  api<Block>(`${blocksOf(pageId)}/${blockId}/detach`, { method: "POST", body: {} });

export const loadReusable = (language: string, signal?: AbortSignal) =>
  api<ReusableBlock[]>("/api/host/reusable-blocks", { query: { language }, signal });

/** The signed preview link of the page's working copy, as a path on this origin (the admin is served where the site is). */
export async function previewPath(pageId: string, language: string): Promise<string> {
  const { url } = await api<{ url: string }>(`${PAGES}/${pageId}/preview`, {
    method: "POST",
    body: { language },
  });
  const link = new URL(url, window.location.origin);
  return `${link.pathname}${link.search}`;
}

/** GET /api/host/blocks/catalogue, read into one shape whatever the server's nesting (a list of modules, or modules by name). */
export async function loadCatalogue(signal?: AbortSignal): Promise<CatalogueModule[]> {
  const raw = await api<unknown>("/api/host/blocks/catalogue", { signal });
  const entries: [string, any][] = Array.isArray(raw)
    ? raw.map((m: any) => [String(m.module ?? m.id ?? ""), m])
    : Object.entries((raw ?? {}) as Record<string, any>);
  return entries.map(([module, entry]) => {
    const list: any[] = Array.isArray(entry)
      ? entry
      : Array.isArray(entry?.variants)
        ? entry.variants
        : Object.entries(entry?.variants ?? {}).map(([variant, v]) => ({
            variant,
            ...(v as object),
          }));
    return {
      module,
      label: texts(entry?.label ?? entry?.title, module),
      variants: list.map((v) => ({
        module,
        variant: String(v.variant ?? v.name ?? v.id),
        label: texts(v.label ?? v.title, String(v.variant ?? v.name)),
        description: texts(v.description, ""),
        children: Array.isArray(v.children)
          ? v.children.map(String)
          : Array.isArray(v.childKinds)
            ? v.childKinds.map(String)
            : [],
      })),
    };
  });
}

const texts = (value: unknown, fallback: string): Texts =>
  value && typeof value === "object" ? (value as Texts) : { en: typeof value === "string" ? value : fallback };
