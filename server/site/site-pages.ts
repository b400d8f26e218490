import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "../../engine/db/connection-errors.js";
import type { Language, PageData } from "../../common/site/page-data.js";
import type { PageResolver } from "./host/page-resolver.js";
import type { EntryAssets } from "../delivery/web-dist.js";
import type { SiteRenderer } from "./site-renderer.js";
import { createHash } from "node:crypto";
import { compressStored, type Encoding } from "../delivery/compression.js";
import { HtmlCache, type CachedPage } from "./html-cache.js";
import type { LoadedPage, PageLoader } from "./load-page.js";
import { plainError, plainNotFound } from "../delivery/plain-documents.js";

export type SiteResponse =
  /** A rendered hosted page (from the cache or rendered now), with its validator; `key` is its cache key. */
  | { status: number; page: CachedPage; key: string; cache: "HIT" | "MISS" }
  /** A document made for this answer only (the plain 404, the error page): never cached. */
  | { status: number; html: string; cache: "MISS" };

/**
 * Pages whose content depends on the address's query (the search results): `completes` says whether
 * a loaded page is one, `complete` adds what the query asks for. Such a page is loaded like any
 * (concurrent visitors share the load), then completed and rendered for each request and never
 * kept: no cache entry ever holds one visitor's query.
 */
export interface QueryPages {
  completes(data: PageData): boolean;
  complete(data: PageData, query: URLSearchParams): Promise<PageData>;
}

/** A loaded page that is completed per request (QueryPages), not rendered into the cache. */
type PerQuery = { perQuery: LoadedPage };

const PAGES = "host/pages";
/** The cache key of a language's not-found page: every unknown path shares it. */
const NOT_FOUND_PATH = "#404";

/**
 * Answers a public path with a full HTML document: the cached render when there is one, else
 * the hosted page loaded and rendered (and cached); the hosted '/404' page (or a plain one) for
 * an unknown path; the global error document, inside the hosted '/500' page when it exists,
 * when loading or rendering fails.
 */
export class SitePages {
  private readonly inFlight = new Map<string, Promise<SiteResponse | PerQuery | undefined>>();
  /** Compressions under way, so concurrent first askers of one page's encoding share one. */
  private readonly compressing = new WeakMap<CachedPage, Map<Encoding, Promise<Buffer>>>();

  constructor(
    private readonly resolver: PageResolver,
    private readonly loader: PageLoader,
    readonly cache: HtmlCache,
    /** The React render (web/site/render/render-document.tsx), handed in as app.web.renderer. */
    private readonly renderer: SiteRenderer,
    private readonly assets: () => EntryAssets,
    private readonly log: FastifyBaseLogger,
    private readonly production: boolean,
    /** PUBLIC_URL: absolute addresses in the head (the Open Graph image). */
    private readonly origin?: string,
    /** Pages rendered per query (the search results); none when absent. */
    private readonly queryPages?: QueryPages,
  ) {}

  async respond(language: Language, path: string, query = new URLSearchParams()): Promise<SiteResponse> {
    try {
      const answer = await this.cached(
        HtmlCache.key(language, path),
        async () => {
          const resolved = await this.resolver.resolve(path);
          return resolved ? this.loader.load(resolved, PAGES, language, path) : undefined;
        },
        200,
      );
      if (answer && "perQuery" in answer) {
        const data = await this.queryPages!.complete(answer.perQuery.data, query);
        return {
          status: 200,
          html: this.renderer.renderDocument(data, this.assets(), { status: 200, origin: this.origin }),
          cache: "MISS",
        };
      }
      return answer ?? (await this.notFound(language));
    } catch (error) {
      return this.failed(language, path, error);
    }
  }

  /** The answer to a page that failed to load or render (the site's, or a preview's). */
  async failed(
    language: Language,
    path: string,
    error: unknown,
  ): Promise<{ status: number; html: string; cache: "MISS" }> {
    // The database away (restart, failover) is a 503, as on the API: the page is fine, try again
    // shortly; and the hosted /500 page is not loaded from a database that cannot be reached.
    if (isDatabaseUnavailable(error)) {
      this.log.warn(
        { cause: (error as Error)?.message, path, language },
        "public page failed: the database cannot be reached",
      );
      return { status: 503, html: await this.errorDocument(language, error, 503), cache: "MISS" };
    }
    this.log.error({ err: error, path, language }, "public page failed");
    return { status: 500, html: await this.errorDocument(language, error, 500), cache: "MISS" };
  }

  /** A loaded page as the full document a visitor gets, with its validator: what the cache keeps (a preview is rendered alike, never kept). */
  render(loaded: LoadedPage, status: number): CachedPage {
    const html = Buffer.from(this.renderer.renderDocument(loaded.data, this.assets(), { status, origin: this.origin }));
    const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    return { html, encoded: {}, etag, status, models: loaded.models, storedAt: this.cache.clockMs() };
  }

  /**
   * The bytes to send of a rendered page in `encoding`: the HTML, or its compressed copy, made
   * (at the stored effort) and kept with the page the first time a visitor asks for that encoding.
   */
  async body(answer: { page: CachedPage; key: string }, encoding: Encoding): Promise<Buffer> {
    const { page, key } = answer;
    if (encoding === "identity") return page.html;
    const stored = page.encoded[encoding];
    if (stored) return stored;
    let running = this.compressing.get(page);
    if (!running) this.compressing.set(page, (running = new Map()));
    let work = running.get(encoding);
    if (!work) {
      work = compressStored(page.html, encoding).then((bytes) => this.cache.encode(key, page, encoding, bytes));
      running.set(encoding, work);
      void work.finally(() => running.delete(encoding)).catch(() => {});
    }
    return work;
  }

  /** PageData of a hosted page by its exact url ('/404', '/500'), or undefined. */
  async hostedPage(url: string, language: Language): Promise<LoadedPage | undefined> {
    const resolved = await this.resolver.resolve(url);
    return resolved && this.loader.load(resolved, PAGES, language, url);
  }

  private async notFound(language: Language): Promise<SiteResponse> {
    const hosted = await this.cached(
      HtmlCache.key(language, NOT_FOUND_PATH),
      () => this.hostedPage("/404", language),
      404,
      false,
    );
    return (hosted as SiteResponse | undefined) ?? { status: 404, html: plainNotFound(language), cache: "MISS" };
  }

  /**
   * The cached answer for `key`, else `load` rendered, kept and returned; undefined when there is
   * nothing to load; a page rendered per query (QueryPages) comes back loaded, neither rendered nor
   * kept. Concurrent misses of one key share one load and render.
   */
  private async cached(
    key: string,
    load: () => Promise<LoadedPage | undefined>,
    status: number,
    perQuery = true,
  ): Promise<SiteResponse | PerQuery | undefined> {
    const hit = this.cache.get(key);
    if (hit) return { status: hit.status, page: hit, key, cache: "HIT" };
    const running = this.inFlight.get(key);
    if (running) return running;
    const startedAt = this.cache.now();
    const work = (async () => {
      const loaded = await load();
      if (!loaded) return undefined;
      if (perQuery && this.queryPages?.completes(loaded.data)) return { perQuery: loaded };
      // Encoded once here rather than on every hit (and compressed once per encoding, by body()):
      // a cached page is sent as stored bytes.
      const page = this.render(loaded, status);
      this.cache.set(key, page, startedAt);
      return { status, page, key, cache: "MISS" as const };
    })();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async errorDocument(language: Language, error: unknown, status: 500 | 503): Promise<string> {
    const message = this.production ? undefined : error instanceof Error ? error.message : String(error);
    try {
      let hosted: PageData | undefined;
      try {
        if (status === 500) hosted = (await this.hostedPage("/500", language))?.data;
      } catch (loadError) {
        this.log.error({ err: loadError }, "the hosted /500 page failed to load");
      }
      return this.renderer.renderErrorDocument(this.assets(), { message, hosted, language, status });
    } catch (renderError) {
      this.log.error({ err: renderError }, "the error page failed to render");
      return plainError(language);
    }
  }
}
