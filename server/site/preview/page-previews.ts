import { validationError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Language } from "../../../web/site/data/page-data.js";
import { withLanguage } from "../../../web/site/i18n/languages.js";
import { plainPreviewRefused } from "../../web/plain-documents.js";
import { templateAddresses } from "../host/page-addresses.js";
import type { PageResolver } from "../host/page-resolver.js";
import { normalizeUrl, parseTemplate, type NamedSegment } from "../host/url-templates.js";
import type { PageLoader } from "../load-page.js";
import type { SitePages } from "../site-pages.js";
import type { PreviewLinks } from "./preview-links.js";

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAMETER = "preview";

/** A preview's answer: a document made for this request only, never kept by the page cache. */
export interface PreviewResponse {
  status: number;
  html: string | Buffer;
}

/**
 * Previews of hosted pages as they will look when published (docs/drafts.md, "Preview"): the
 * page found by its address among the working copies and loaded from the working copies of its
 * whole tree (a resolver and a loader over app.repositories, where the site's read the published
 * copies), rendered by the site's own renderer (SitePages.render) and never stored in its cache.
 * The link is the page's own address, in any language (`/ru/…`), with `?preview={token}`: the
 * token (preview-links.ts) is that page's, for an hour.
 */
export class PagePreviews {
  constructor(
    /** Pages by address among the working copies. */
    private readonly resolver: PageResolver,
    private readonly working: Map<string, Repository>,
    /** The page loader over the working copies. */
    private readonly loader: PageLoader,
    private readonly pages: SitePages,
    private readonly links: PreviewLinks,
    private readonly publicUrl: string,
  ) {}

  /**
   * The signed link for a page (its working copy), in `language`. A page whose url is a template
   * ("/blog/articles/[blog.articles.slug]") is shown at `path`, one of its addresses, or else at
   * the first address its records give.
   */
  async link(page: { id: string; url: string }, language: Language, path?: string): Promise<string> {
    const address = path === undefined ? await this.addressOf(page.url) : normalizeUrl(path);
    if (path !== undefined && (await this.resolver.resolve(address))?.page.id !== page.id) {
      throw validationError("path is not an address of this page", [{ path: "/data/path", message: `no address of page ${page.url} (its working copy)` }]);
    }
    const query = new URLSearchParams({ [PREVIEW_PARAMETER]: this.links.token(page.id) });
    return `${this.publicUrl}${withLanguage(address, language)}?${query}`;
  }

  /** The page at `path` rendered from its working copies, when `token` is its own and in date. */
  async respond(language: Language, path: string, token: string): Promise<PreviewResponse> {
    try {
      const resolved = await this.resolver.resolve(path);
      // A token that opens nothing is refused alike whether a working copy is at this address or
      // not: a 404 only where nothing is would let anyone probe draft addresses and slugs with
      // `?preview=x`. "expired" needs this page's own signature, so it tells its holder only.
      if (!resolved) return { status: 403, html: plainPreviewRefused(language, "invalid") };
      const check = this.links.check(resolved.page.id as string, token);
      if (check !== "valid") return { status: 403, html: plainPreviewRefused(language, check) };
      const loaded = await this.loader.load(resolved, this.resolver.modelId, language, path);
      return { status: 200, html: this.pages.render(loaded, 200).html };
    } catch (error) {
      return this.pages.failed(language, path, error);
    }
  }

  /** A page's address: its url, or for a template the first address its records give (the url itself when none does). */
  private async addressOf(url: string): Promise<string> {
    const template = parseTemplate(url);
    if (!template) return url;
    const [first] = await templateAddresses(template, (segment) => this.firstValue(segment));
    return first ?? url;
  }

  /** One value of a named segment's field among its working copies (accounts never: a link would name one). */
  private async firstValue(segment: NamedSegment): Promise<string[]> {
    const repository = this.working.get(segment.model);
    const field = repository?.model.fieldMap.get(segment.field);
    if (!repository || !field || field.hidden || segment.model.startsWith("rbac/")) return [];
    const [row] = await repository.list({ filters: [{ field, kind: field.kind, method: "isNotNull" }], orderBy: [{ field, kind: field.kind, direction: "asc" }], limit: 1, offset: 0 });
    const value = row && String(row[field.name]);
    return value && !value.includes("/") ? [value] : [];
  }
}
