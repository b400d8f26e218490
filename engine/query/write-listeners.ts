import type { WriteAction } from "../audit/audit-trail.js";
import type { AnyModelDb } from "./any-model-db.js";
import type { Row } from "./prepare-write.js";

/** What one write of a repository did: the action and the ids of the records it wrote or deleted. */
export interface WrittenRecords {
  action: WriteAction;
  ids: string[];
  /**
   * The records' visible columns as the write's own statement answered them (no query more), in
   * the order of `ids`: a create's or update's rows as written, a delete's as they were.
   */
  rows: Row[];
}

/**
 * Runs inside the transaction of every write of the repository it listens to, after the write:
 * DRAFTS=off publishes an x-drafts model's saves this way, the webhooks module checks a webhook's
 * row and queues record events. Several may listen to one repository; each runs in the order it
 * was added, and a listener that throws rolls the write back.
 */
export type WriteListener = (db: AnyModelDb, written: WrittenRecords) => Promise<void>;
