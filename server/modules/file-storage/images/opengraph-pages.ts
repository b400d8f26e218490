import { notFound } from "../../../../engine/errors.js";

/** A page's Open Graph texts as its head computes them, in one language. */
export interface PageOpenGraph {
  title: string;
  siteName?: string;
}

/** What the Open Graph images read of the site's pages: the pages are the site's (server/site/seo/opengraph-pages.ts). */
export interface OpengraphPageReader {
  /** A published page's texts in `language`; a 404 for a page never published. */
  openGraph(pageId: string, language: string): Promise<PageOpenGraph>;
  /** The published home page's id (url "/"), if there is one. */
  homeId(): Promise<string | undefined>;
}

/**
 * Where the Open Graph images find the pages (`app.opengraphPages`). The site registers after
 * this module and hands in its reader as it does (`readWith`); until then, or in an app without
 * the site, there are no pages: a page's image is a 404 and the site name is PUBLIC_URL's host.
 */
export class OpengraphPages implements OpengraphPageReader {
  private reader: OpengraphPageReader | undefined;

  readWith(reader: OpengraphPageReader): void {
    this.reader = reader;
  }

  openGraph(pageId: string, language: string): Promise<PageOpenGraph> {
    if (!this.reader) throw notFound(`No page ${pageId}`);
    return this.reader.openGraph(pageId, language);
  }

  async homeId(): Promise<string | undefined> {
    return this.reader?.homeId();
  }
}
