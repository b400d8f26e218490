/**
 * What waits to be published, as GET /api/admin/publishing answers it
 * (server/drafts/publishing-queue-route.ts) and the admin's dashboard reads it
 * (web/admin/dashboard/): the pages and products with unpublished changes, and the scheduled
 * publishes and unpublishes, each named as its screen names it. One type for both sides.
 */

/** A record as an editor knows it: its title (a language map, or a page's plain text) and its admin title. */
export interface QueuedRecord {
  /** `host/pages` or `ecommerce/products`: which screen opens it (common/admin/record-screens.ts). */
  model: string;
  id: string;
  title: string | Record<string, string> | null;
  adminTitle: string | null;
}

/** A record whose working copy differs from what visitors see (docs/drafts.md, the states). */
export interface WaitingRecord extends QueuedRecord {
  /** `draft`: never published; `changed`: published, with edits visitors do not see yet. */
  state: "draft" | "changed";
  updatedAt: string;
}

/** A record with a time set to go on or off the site (docs/drafts.md, "Scheduling"). */
export interface ScheduledRecord extends QueuedRecord {
  publishAt: string | null;
  unpublishAt: string | null;
}

export interface PublishingQueue {
  /** The models the caller may edit, whose records are counted here (the others are left out). */
  models: string[];
  /** Newest edit first; `total` counts them all. */
  drafts: { total: number; records: WaitingRecord[] };
  /** Soonest time first; `total` counts them all. */
  scheduled: { total: number; records: ScheduledRecord[] };
}
