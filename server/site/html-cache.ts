import { EVERYTHING, type ChangeFeed } from "../../engine/query/change-feed.js";

export interface CachedPage {
  /** The HTML encoded once, when stored: a hit sends these bytes as they are. */
  html: Buffer;
  /**
   * The same compressed, each encoding once, when first asked for (the render's own answer
   * compresses only the encoding its visitor takes; the other waits for a visitor who wants it):
   * a hit sends the stored bytes as they are. Filled through HtmlCache.encode.
   */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  /** A weak validator of the HTML (the same for every encoding of it): If-None-Match gets a 304. */
  etag: string;
  status: number;
  /** Models the page's data came from. */
  models: Set<string>;
  /** When it was rendered (Date.now()): a page older than the cache's maxAgeMs is rendered again. */
  storedAt: number;
}

const sizeOf = (entry: CachedPage) =>
  entry.html.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/** Server revalidation: a cached page lives at most this long (86400 s), even when nothing changed. */
export const PAGE_MAX_AGE_SECONDS = 86_400;

export interface HtmlCacheLimits {
  /** Most pages kept (least recently used go first). */
  entries: number;
  /** Most bytes kept in all (the HTML and its compressed copies). */
  bytes: number;
  /** Longest life of a page, ms: older ones are rendered again (data outside the tracked models, such as the time, may have moved). */
  maxAgeMs: number;
}

export const DEFAULT_CACHE_LIMITS: HtmlCacheLimits = {
  entries: 1000,
  bytes: 64 * 1024 * 1024,
  maxAgeMs: PAGE_MAX_AGE_SECONDS * 1000,
};

/**
 * Rendered pages kept in memory per (language, path), least recently used dropped first. Each
 * entry remembers the models its data used; a write to one of them (here, or on another instance
 * through the change feed's LISTEN/NOTIFY bridge) drops every entry that used it. A render that
 * was under way while one of its models changed is not stored: it may hold the old rows.
 */
export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly byModel = new Map<string, Set<string>>();
  private bytes = 0;
  /** Counts changes; a render stores its result only if none of its models changed since it began. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  private clearedAt = 0;

  constructor(
    changes: ChangeFeed,
    /** Every model a page may use: watched from the start, so all instances announce writes to them alike. */
    watched: Iterable<string>,
    private readonly limits: HtmlCacheLimits = DEFAULT_CACHE_LIMITS,
    /** The wall clock pages are dated by (a test passes its own). */
    readonly clockMs: () => number = Date.now,
  ) {
    changes.subscribe((model) => this.invalidateModel(model), watched);
  }

  static key(language: string, path: string): string {
    return `${language} ${path}`;
  }

  /** When a page stored now stops being served, as an age limit: for the shared caches' headers. */
  get maxAgeMs(): number {
    return this.limits.maxAgeMs;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A moment to pass to `set` later: changes after it make that render too old to keep. */
  now(): number {
    return this.clock;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clockMs() - entry.storedAt >= this.limits.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Re-inserting moves it to the young end of the Map's order: that order is the LRU list.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a render begun at `startedAt`, unless a model it read changed since. Returns whether it was kept. */
  set(key: string, entry: CachedPage, startedAt: number): boolean {
    if (this.clearedAt > startedAt) return false;
    for (const model of entry.models) if ((this.changedAt.get(model) ?? 0) > startedAt) return false;
    if (sizeOf(entry) > this.limits.bytes) return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    for (const model of entry.models) {
      const keys = this.byModel.get(model) ?? new Set<string>();
      keys.add(key);
      this.byModel.set(model, keys);
    }
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
    return true;
  }

  /**
   * Keeps `bytes` as the page's copy in `encoding` (counted in the cache's bytes while the page is
   * kept, the oldest pages dropped when that is over the limit). Returns the bytes.
   */
  encode(key: string, page: CachedPage, encoding: "br" | "gzip", bytes: Buffer): Buffer {
    if (page.encoded[encoding]) return page.encoded[encoding];
    page.encoded[encoding] = bytes;
    if (this.entries.get(key) === page) {
      this.bytes += bytes.length;
      while (this.bytes > this.limits.bytes && this.entries.size)
        this.delete(this.entries.keys().next().value as string);
    }
    return bytes;
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
    for (const model of entry.models) {
      const keys = this.byModel.get(model);
      keys?.delete(key);
      if (keys?.size === 0) this.byModel.delete(model);
    }
    return true;
  }

  /** Drops the entries whose key passes `test`; returns how many. */
  deleteWhere(test: (key: string) => boolean): number {
    let count = 0;
    for (const key of [...this.entries.keys()]) if (test(key) && this.delete(key)) count++;
    return count;
  }

  clear(): number {
    const count = this.entries.size;
    this.entries.clear();
    this.byModel.clear();
    this.bytes = 0;
    this.clearedAt = ++this.clock;
    return count;
  }

  private invalidateModel(model: string) {
    if (model === EVERYTHING) {
      this.clear();
      return;
    }
    this.changedAt.set(model, ++this.clock);
    for (const key of [...(this.byModel.get(model) ?? [])]) this.delete(key);
  }
}
