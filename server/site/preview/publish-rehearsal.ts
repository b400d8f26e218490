import type { Database } from "../../../engine/db/open-database.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Model } from "../../../engine/schema/model.js";
import type { Publisher } from "../../drafts/publisher.js";
import type { MayPublish } from "../../drafts/tree-permissions.js";

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

  async run<T>(pageId: string, may: MayPublish | undefined, work: (repositories: Map<string, Repository>) => Promise<T>): Promise<T> {
    const decided = may && (await this.decide(pageId, may));
    let result: { value: T } | undefined;
    try {
      await this.database.db.transaction().execute(async (trx) => {
        await this.publisher.publishTreeIn(trx, this.pages, pageId, decided);
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

  /**
   * `may` asked of every record of the tree before the transaction opens: the permission check may
   * read roles on another connection, which inside it would wait for it to end (PGlite has one
   * connection; a pool could run out). A record the tree gains meanwhile is not published.
   */
  private async decide(pageId: string, may: MayPublish): Promise<MayPublish> {
    const tree = await this.publisher.treeOf(this.database.db, this.pages, pageId);
    const allowed = new Set<string>();
    const key = (model: string, id: string) => `${model} ${id}`;
    await Promise.all([...tree].flatMap(([model, ids]) => [...ids].map(async (id) => (await may(model, id)) && allowed.add(key(model, id)))));
    return async (model, id) => allowed.has(key(model, id));
  }
}
