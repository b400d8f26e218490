import { api } from "../../api/client.js";
import { storedText, type PageText, type Texts } from "./pages-api.js";

type Row = Record<string, any>;

/** What the settings dialog edits: the page's URL, title and description, and its metadata for search engines and link previews. */
export interface PageSettings {
  url: string;
  title: Texts;
  description: Texts;
  seoTitle: Texts;
  seoDescription: Texts;
  keywords: string;
  ogTitle: string;
  ogDescription: string;
}

/** A stored title (a language map, or one text for every language) as one text per language. */
export const asTexts = (value: PageText, languages: readonly string[]): Texts =>
  typeof value === "string" ? Object.fromEntries(languages.map((l) => [l, value])) : { ...(value ?? {}) };

const metadataLinks = (pageId: string) =>
  api<Row[]>("/api/host/pages-to-metadata", {
    query: {
      "filters[and]": JSON.stringify([{ column: "pageId", method: "eq", value: pageId }]),
      draft: true,
      limit: 1,
    },
  });

/** The page's metadata record (its first, as the site's head uses), if it has one. */
export async function loadMetadata(pageId: string): Promise<Row | undefined> {
  const [link] = await metadataLinks(pageId);
  return link
    ? api<Row>(`/api/host/metadata/${link.metadataId}`, {
        query: { draft: true },
      })
    : undefined;
}

/**
 * Saves the page's own fields, then its metadata: updated when the page has one, else created
 * and linked to the page (removed again should the link be refused, so no orphan stays).
 */
export async function saveSettings(
  pageId: string,
  settings: PageSettings,
  metadata: Row | undefined,
  asMap: boolean,
): Promise<void> {
  await api(`/api/host/pages/${pageId}`, {
    method: "PATCH",
    body: {
      url: settings.url,
      title: storedText(settings.title, asMap),
      description: storedText(settings.description, asMap),
    },
  });
  const fields = {
    title: storedText(settings.seoTitle, asMap),
    description: storedText(settings.seoDescription, asMap),
    keywords: settings.keywords,
    opengraph: {
      ...(metadata?.opengraph ?? {}),
      title: settings.ogTitle,
      description: settings.ogDescription,
    },
    twitter: {
      ...(metadata?.twitter ?? {}),
      title: settings.ogTitle,
      description: settings.ogDescription,
    },
  };
  if (metadata) {
    await api(`/api/host/metadata/${metadata.id}`, {
      method: "PATCH",
      body: fields,
    });
    return;
  }
  const made = await api<Row>("/api/host/metadata", {
    method: "POST",
    body: fields,
  });
  try {
    await api("/api/host/pages-to-metadata", {
      method: "POST",
      body: { pageId, metadataId: made.id, orderIndex: 0 },
    });
  } catch (error) {
    await api(`/api/host/metadata/${made.id}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
}
