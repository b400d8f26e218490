import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import type { Tree } from "../../../../engine/query/draft-tree.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import type { TreeHold, VersionTree } from "../../../drafts/publisher.js";
import { PAGE_WIDGETS } from "./block-transaction.js";

const HOST_WIDGETS = "host/widgets";

/**
 * The reusable blocks a page's publish leaves as they are (docs/drafts.md, "Reusable blocks"): the
 * host widgets the page places, in its working copy or as published, that are reusable in either
 * copy (a block saved as reusable since the last publish is shared already; one whose flag was
 * published is shared still). The page's own link rows to them stay in its tree, so a new place
 * shows the block's published copy. A restore names the blocks its version placed too (`version`):
 * one reusable now is left as it is, though the page has let go of it since. Two statements.
 */
export const reusableOfPage =
  (registry: Registry): TreeHold =>
  async (db: AnyModelDb, pageId: string, version?: VersionTree): Promise<Tree> => {
    const links = registry.get(PAGE_WIDGETS);
    const widgets = registry.get(HOST_WIDGETS);
    const before = (version?.[PAGE_WIDGETS] ?? []).flatMap((row) =>
      row.pageId === pageId && typeof row.widgetId === "string" ? [row.widgetId] : [],
    );
    const now = db
      .selectFrom(links.table)
      .select("widgetId")
      .where("pageId", "=", pageId)
      .union(db.selectFrom(links.published!.table).select("widgetId").where("pageId", "=", pageId));
    const placed = before.length
      ? now.union(db.selectFrom(widgets.table).select("id as widgetId").where("id", "in", before))
      : now;
    const rows = await db
      .selectFrom(widgets.table)
      .select("id")
      .where("reusable", "=", true)
      .where("id", "in", placed)
      .union(
        db.selectFrom(widgets.published!.table).select("id").where("reusable", "=", true).where("id", "in", placed),
      )
      .execute();
    return rows.length ? new Map([[HOST_WIDGETS, new Set(rows.map((r) => String(r.id)))]]) : new Map();
  };
