import type { PageData, Row } from "../../common/site/page-data.js";
import type { Repository } from "../../engine/query/repository.js";

/** The fields of a page's data a module may fill beside its rows. */
export type FactsData = Pick<PageData, "shop">;

/**
 * What a module tells a page beside its rows (the shop: whether prices include tax), read once per
 * page load, after its rows, through the loader's repositories: a preview's are bound to its
 * rehearsal's transaction, which a read on another connection would wait for.
 */
export interface PageFacts {
  /** The models read: a change to one makes the pages that read them stale. */
  readonly models: readonly string[];
  /** The facts of a page with these rows; undefined: none for it (and nothing was read). */
  read(
    records: Record<string, Record<string, Row>>,
    repositories: Map<string, Repository>,
  ): Promise<FactsData | undefined>;
}
