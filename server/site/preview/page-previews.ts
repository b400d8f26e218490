import { validationError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Language } from "../../../common/site/page-data.js";
import { withLanguage } from "../../../common/i18n/languages.js";
import { plainNotFound, plainPreviewRefused } from "../../delivery/plain-documents.js";
import { templateAddresses } from "../host/page-addresses.js";
import type { PageResolver } from "../host/page-resolver.js";
import { normalizeUrl, parseTemplate, type NamedSegment } from "../host/url-templates.js";
import type { SitePages } from "../site-pages.js";
import type { MayPublish } from "../../drafts/tree-permissions.js";
import type { PreviewAuthor, PreviewLinks } from "./preview-links.js";
import type { SiteView } from "./preview-view.js";
import type { Publication } from "../../../common/admin/publication.js";
import { previewBanner, withPreviewBanner } from "./preview-banner.js";
import type { PublishRehearsal } from "./publish-rehearsal.js";

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAMETER = "preview";

/** A preview's answer: a document made for this request only, never kept by the page cache. */
export interface PreviewResponse {
  status: number;
  html: string | Buffer;
}

/**
 * Previews of hosted pages as they will look when published (docs/drafts.md, "Preview"): the
 * page found by its address among the working copies, then resolved and loaded again from the
 * visitors' copies with its tree published in a rehearsal (publish-rehearsal.ts): exactly the tree
 * its publish would publish, and nothing else of the working copies (no draft article a template's
 * address names, no draft product in a list). Rendered by the site's own renderer
 * (SitePages.render) and never stored in its cache. The link is the page's own address, in any
 * language (`/ru/…`), with `?preview={token}`: the token (preview-links.ts) is that page's, for an hour,
 * and names who asked for it: the rehearsal publishes only what that author may publish now, as
 * its publish would (the secret key's token, the whole tree).
 */
export class PagePreviews {
  constructor(
    /** Pages by address among the working copies: which page's token an address needs. */
    private readonly resolver: PageResolver,
    /** The site with one page's tree published, rolled back after. */
    private readonly rehearsal: PublishRehearsal,
    /** The site's resolver and loader over the rehearsal's repositories (preview-view.ts), made before each rehearsal. */
    private readonly view: () => Promise<SiteView>,
    private readonly pages: SitePages,
    private readonly links: PreviewLinks,
    private readonly publicUrl: string,
    /** What an author may publish, asked when its link is made or opened (publish-permission.ts); undefined: everything. */
    private readonly mayPublish: (author: PreviewAuthor) => MayPublish | undefined,
    /** The page's publication (state and schedule) the preview's banner tells, read before the rehearsal. */
    private readonly publicationOf: (page: {
      id: string;
      updatedAt?: unknown;
    }) => Promise<Publication<Date | string> | undefined>,
  ) {}

  /**
   * The signed link for a page (its working copy), in `language`. A page whose url is a template
   * ("/blog/articles/[blog.articles.slug]") is shown at `path`, one of its addresses once it is
   * published, or else at the first address its published records give.
   */
  async link(
    page: { id: string; url: string },
    author: PreviewAuthor,
    language: Language,
    path?: string,
  ): Promise<string> {
    const view = await this.view();
    const address = await this.rehearsal.run(page.id, this.mayPublish(author), async (repositories) => {
      const address = path === undefined ? await this.addressOf(page.url, repositories) : normalizeUrl(path);
      if (path !== undefined && (await view(repositories).resolver.resolve(address))?.page.id !== page.id) {
        throw validationError("path is not an address of this page", [
          { path: "/data/path", message: `no address of page ${page.url} once it is published` },
        ]);
      }
      return address;
    });
    const query = new URLSearchParams({ [PREVIEW_PARAMETER]: this.links.token(page.id, author) });
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
      const { check, author } = this.links.check(resolved.page.id as string, token);
      if (check !== "valid" || !author)
        return { status: 403, html: plainPreviewRefused(language, check === "valid" ? "invalid" : check) };
      const pageId = resolved.page.id as string;
      const publication = await this.publicationOf({ id: pageId, updatedAt: resolved.page.updatedAt });
      const view = await this.view();
      const loaded = await this.rehearsal.run(pageId, this.mayPublish(author), async (repositories) => {
        const { resolver, loader } = view(repositories);
        // The address again, as it will be: a draft record a template names is no address of it.
        const published = await resolver.resolve(path);
        return published?.page.id === pageId ? loader.load(published, resolver.modelId, language, path) : undefined;
      });
      if (!loaded) return { status: 404, html: plainNotFound(language) };
      const banner = previewBanner(language, publication, `/admin/pages/${pageId}`);
      // Marked for the composer's live preview (web/site/render/edit-marks.ts): its blocks and texts.
      const editable = { ...loaded, data: { ...loaded.data, editing: true } };
      return { status: 200, html: withPreviewBanner(this.pages.render(editable, 200).html.toString("utf8"), banner) };
    } catch (error) {
      return this.pages.failed(language, path, error);
    }
  }

  /** A page's address: its url, or for a template the first address its records give (the url itself when none does). */
  private async addressOf(url: string, repositories: Map<string, Repository>): Promise<string> {
    const template = parseTemplate(url);
    if (!template) return url;
    const [first] = await templateAddresses(template, (segment) => firstValue(segment, repositories));
    return first ?? url;
  }
}

/** One value of a named segment's field among these copies (accounts never: a link would name one). */
async function firstValue(segment: NamedSegment, repositories: Map<string, Repository>): Promise<string[]> {
  const repository = repositories.get(segment.model);
  const field = repository?.model.fieldMap.get(segment.field);
  if (!repository || !field || field.hidden || segment.model.startsWith("rbac/")) return [];
  const [row] = await repository.list({
    filters: [{ field, kind: field.kind, method: "isNotNull" }],
    orderBy: [{ field, kind: field.kind, direction: "asc" }],
    limit: 1,
    offset: 0,
  });
  const value = row && String(row[field.name]);
  return value && !value.includes("/") ? [value] : [];
}
