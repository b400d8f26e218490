import { EVERYTHING, type ChangeFeed } from "../../../engine/query/change-feed.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import type { Repository } from "../../../engine/query/repository.js";
import { firstRowWhere, rowsLike } from "../../../engine/query/record-queries.js";
import { segmentValuesFrom, templateAddresses } from "./page-addresses.js";
import { decodedSegments, normalizeDecoded } from "../../lib/url-path.js";
import {
  bySpecificity,
  matchTemplate,
  namedSegments,
  parseTemplate,
  splitUrl,
  type NamedSegment,
  type UrlTemplate,
} from "./url-templates.js";

export interface ResolvedPage {
  page: Row;
  /** Values of the page url's named segments ({} for an exact url). */
  segments: Record<string, string>;
  /** The record each named segment found. */
  named: { segment: NamedSegment; row: Row }[];
}

export interface PageUrl {
  id: string;
  url: string;
  /** The url split on "/": "/blog/articles/[blog.articles.slug]" → ["blog", "articles", "[blog.articles.slug]"]; "/" → []. */
  segments: string[];
}

interface TemplatePage extends UrlTemplate {
  page: Row;
}

const TEMPLATE_BATCH = 1000;

/**
 * Finds the page of a visited path among the rows of a pages model (host/pages or
 * website-builder/pages) with indexed look-ups only: the exact url through the unique index on
 * `url`; else the template pages, kept in memory (a handful of rows, reloaded after any change
 * to the pages model), matched segment by segment, and the record each named segment names
 * looked up by its field. `mayLookUp` says which models a visitor's url may name.
 */
export class PageResolver {
  private templates?: Promise<TemplatePage[]>;

  constructor(
    private readonly pages: Repository,
    private readonly repositories: Map<string, Repository>,
    changes: ChangeFeed,
    private readonly mayLookUp: (segment: NamedSegment) => Promise<boolean>,
    /** Members-only rows of a model, which no url may name (see rbac's MembersOnly). */
    private readonly hiddenOf: (model: string) => Promise<ReadonlySet<string>> = async () => new Set(),
    /**
     * Page templates (host/pages' `isTemplate`, the admin's starting points for new pages) are no
     * page of the site: not found, not listed, so never rendered nor in the sitemap. Previews,
     * made for editors, show them ("served").
     */
    private readonly pageTemplates: "hidden" | "served" = "hidden",
  ) {
    const modelId = pages.model.id;
    changes.subscribe(
      (model) => {
        if (model === modelId || model === EVERYTHING) this.templates = undefined;
      },
      [modelId],
    );
  }

  get modelId(): string {
    return this.pages.model.id;
  }

  /**
   * The page for a path without its language prefix, or undefined. The path is decoded already
   * (splitLanguage decodes the address once): it is not decoded again.
   */
  async resolve(path: string): Promise<ResolvedPage | undefined> {
    const url = normalizeDecoded(path);
    const exact = await firstRowWhere(this.pages, "url", url);
    if (exact && this.shown(exact)) return { page: exact, segments: {}, named: [] };
    const segments = decodedSegments(url);
    for (const template of await this.templatePages()) {
      const values = matchTemplate(template, segments);
      if (!values) continue;
      const named = await this.lookUpNamed(template, values);
      if (named) return { page: template.page, segments: values, named };
    }
    return undefined;
  }

  /** Every page url with its segments, in url order. */
  async urls(): Promise<PageUrl[]> {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += TEMPLATE_BATCH) {
      const batch = await this.pages.list({ filters: [], orderBy: [this.urlOrder()], limit: TEMPLATE_BATCH, offset });
      rows.push(...batch.filter((row) => this.shown(row)));
      if (batch.length < TEMPLATE_BATCH) break;
    }
    return rows.map((row) => ({ id: row.id as string, url: String(row.url), segments: splitUrl(String(row.url)) }));
  }

  /**
   * The original client's `urls`: every page's concrete addresses, a template page once per
   * record its named segments name ("/blog/articles/hello", …). Accounts are never listed (a
   * public list of subjects' slugs would enumerate them), so a template naming rbac records
   * gives no address here, though the page still resolves for a visited one.
   */
  async addresses(): Promise<PageUrl[]> {
    const mayList = async (segment: NamedSegment) =>
      !segment.model.startsWith("rbac/") && (await this.mayLookUp(segment));
    const valuesOf = segmentValuesFrom(this.repositories, mayList, this.hiddenOf);
    const addresses: PageUrl[] = [];
    for (const page of await this.urls()) {
      const template = parseTemplate(page.url);
      if (!template) addresses.push(page);
      else
        for (const url of await templateAddresses(template, valuesOf))
          addresses.push({ id: page.id, url, segments: splitUrl(url) });
    }
    return addresses;
  }

  /** Whether the row is a page of this resolver's site: a page template is one only where templates are served. */
  private shown(row: Row): boolean {
    return this.pageTemplates === "served" || row.isTemplate !== true;
  }

  private urlOrder() {
    const field = this.pages.model.fieldMap.get("url")!;
    return { field, kind: field.kind, direction: "asc" as const };
  }

  /** Every named segment's record, or undefined when one is missing (then the template does not apply). */
  private async lookUpNamed(
    template: UrlTemplate,
    values: Record<string, string>,
  ): Promise<ResolvedPage["named"] | undefined> {
    const found: ResolvedPage["named"] = [];
    for (const segment of namedSegments(template)) {
      const repository = this.repositories.get(segment.model);
      if (!repository || !(await this.mayLookUp(segment))) return undefined;
      const row = await firstRowWhere(repository, segment.field, values[segment.name]!);
      if (!row || (await this.hiddenOf(segment.model)).has(row.id as string)) return undefined;
      found.push({ segment, row });
    }
    return found;
  }

  private templatePages(): Promise<TemplatePage[]> {
    if (!this.templates) {
      const loading = this.loadTemplates();
      this.templates = loading;
      loading.catch(() => {
        if (this.templates === loading) this.templates = undefined;
      });
    }
    return this.templates;
  }

  private async loadTemplates(): Promise<TemplatePage[]> {
    const rows = await rowsLike(this.pages, "url", "%[%", TEMPLATE_BATCH);
    return rows
      .filter((row) => this.shown(row))
      .map((page) => {
        const template = parseTemplate(String(page.url));
        return template && { ...template, page };
      })
      .filter((t): t is TemplatePage => !!t)
      .sort(bySpecificity);
  }
}
