import type { Database } from "../../../engine/db/open-database.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Model } from "../../../engine/schema/model.js";
import type { Publisher } from "../../drafts/publisher.js";
import { decidedAhead, type MayPublish } from "../../drafts/tree-permissions.js";

/**
 * The preview rehearses the publish that takes the page's reusable blocks' changes along (the
 * publish dialog's first choice): an editor sees a reusable block's edit in the composer's preview,
 * which a publish that leaves it out would not put on the site (docs/drafts.md, "Reusable blocks").
 */
const WITH_REUSABLE = { all: true };

/** Thrown to end the rehearsal's transaction: what it wrote is never committed. */
const ROLLBACK = Symbol("rollback");

/**
 * The site as it would be once a page is published (docs/drafts.md, "Preview"): in one
 * transaction the page's tree is published exactly as its publish does it (the same
 * Publisher.publishTreeIn, cut by the same `may` as the publish: only what the link's author may
 * publish; without `may`, as the secret key, the whole tree), `work` reads the visitors' copies
 * inside it, and the transaction is rolled back. So a preview shows the page's own tree from its
 * working copies and everything else — the record a template's address names, the newest
 * articles, all products, a product its author may not publish — as visitors see it now: a draft
 * that publishing the page would not publish is not in its preview.
 */
export class PublishRehearsal {
  constructor(
    private readonly database: Database,
    /** The copies visitors read (app.publishedRepositories). */
    private readonly published: Map<string, Repository>,
    private readonly publisher: Publisher,
    private readonly pages: Model,
  ) {}

  async run<T>(
    pageId: string,
    may: MayPublish | undefined,
    work: (repositories: Map<string, Repository>) => Promise<T>,
  ): Promise<T> {
    const decided = may && (await this.decide(pageId, may));
    let result: { value: T } | undefined;
    try {
      await this.database.db.transaction().execute(async (trx) => {
        await this.publisher.publishTreeIn(trx, this.pages, pageId, decided, WITH_REUSABLE);
        // Nothing is announced: the transaction never commits, so no cache has anything to drop.
        const scope = { trx, touched: new Set<string>() };
        const repositories = new Map([...this.published].map(([id, repository]) => [id, repository.within(scope)]));
        result = { value: await work(repositories) };
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return result!.value;
  }

  /** `may` asked of every record of the page's tree before the rehearsal's transaction opens (tree-permissions.ts). */
  private async decide(pageId: string, may: MayPublish): Promise<MayPublish> {
    return decidedAhead(await this.publisher.treeOf(this.database.db, this.pages, pageId, WITH_REUSABLE), may);
  }
}
