import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../../engine/errors.js";
import type { ModelTransaction } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import { copyBlockTree, copyOf } from "../blocks/block-copy.js";
import { readBlockTree } from "../blocks/block-tree.js";
import { PAGE_WIDGETS, PAGES, pageRows } from "../blocks/block-transaction.js";
import { textIn } from "../blocks/page-blocks-read.js";
import { copyTitle, freeUrl } from "./copy-names.js";

/** What the copy is given instead of the source's own: a page made from a template takes the editor's url and title. */
export interface PageCopyInput {
  url?: string;
  title?: string | Record<string, string>;
  description?: string | Record<string, string>;
  /** The copy is a page template (listed apart, never served to visitors); a page otherwise. */
  template?: boolean;
}

/**
 * Copies a page (or a page template) into a new page in ONE transaction through the repositories,
 * so the audit log has every record it writes and a failure leaves nothing behind: the page's row
 * (url and title from `input`, else a free "-copy" address and "… (copy)" titles), its layouts'
 * links (layouts are shared, never copied), its metadata (copied: a page's own), and every block
 * in order with its whole tree (block-copy.ts: texts in every language, features, buttons,
 * slides; shared records such as products and forms linked, not copied; a reusable block linked,
 * as one record on every page). The source is read from
 * the working copies with its row locked, so a block change to it waits for the copy. The copy is
 * a working copy only (a draft under drafts; with DRAFTS=off the repositories publish each write)
 * and gets its first version. Answers the new page's id.
 */
export async function copyPage(
  app: FastifyInstance,
  graph: RelationGraph,
  sourceId: string,
  input: PageCopyInput,
  subjectId: string | null,
): Promise<string> {
  const model = app.registry.get(PAGES);
  return runTransaction(app.database, app.repositories, async (repository, trx) => {
    const locked = await trx.selectFrom(PAGES).select("id").where("id", "=", sourceId).forUpdate().executeTakeFirst();
    if (!locked) throw notFound(`Page ${sourceId} was not found`);
    const source = (await repository(PAGES).get(sourceId)) as Record<string, unknown>;
    const url = input.url ?? (await freeUrl(trx, String(source.url), input.template ? "template" : "copy"));
    if (input.url !== undefined) await refuseTakenUrl(trx, input.url);
    const title = input.title ?? (input.template ? source.title : copyTitle(source.title));
    const page = await repository(PAGES).create({
      ...copyOf(source, ["adminTitle", "publication"]),
      url,
      title,
      description: input.description ?? source.description,
      isTemplate: input.template === true,
    });
    const pageId = String(page.id);
    // A page made from a template is the editor's: its head says the title and description it was given.
    const head = input.title === undefined ? {} : { title, description: input.description ?? title };
    await copyLinks(repository, trx, sourceId, pageId, head);
    const rows = await pageRows(trx, sourceId);
    const reusable = await reusableAmong(
      trx,
      rows.map((r) => r.widgetId),
    );
    for (const [orderIndex, row] of rows.entries()) {
      // A reusable block is one record on every page placing it: the copy links it too.
      const widgetId = reusable.has(row.widgetId)
        ? row.widgetId
        : await copyBlockTree(
            graph,
            repository,
            await readBlockTree(trx, app.registry, graph, row.widgetId),
            row.widgetId,
          );
      const [placed] = await repository(PAGE_WIDGETS).listByIds([row.id]);
      await repository(PAGE_WIDGETS).create({ ...copyOf(placed!), pageId, widgetId, orderIndex });
    }
    await app.drafts.versions?.record(trx, model, [pageId], app.drafts.drafts ? "save" : "publish", subjectId);
    return pageId;
  });
}

/** The page's layout links (to the same layouts) and its metadata (copied with `head` over it, linked to the copy). */
async function copyLinks(
  repository: RepositoryLookup,
  trx: ModelTransaction,
  sourceId: string,
  pageId: string,
  head: Record<string, unknown>,
) {
  const layouts = await trx.selectFrom("host/pages-to-layouts").select("id").where("pageId", "=", sourceId).execute();
  for (const row of await repository("host/pages-to-layouts").listByIds(layouts.map((l) => l.id)))
    await repository("host/pages-to-layouts").create({ ...copyOf(row), pageId });
  const links = await trx.selectFrom("host/pages-to-metadata").select("id").where("pageId", "=", sourceId).execute();
  for (const link of await repository("host/pages-to-metadata").listByIds(links.map((l) => l.id))) {
    const [metadata] = await repository("host/metadata").listByIds([String(link.metadataId)]);
    if (!metadata) continue;
    const copy = await repository("host/metadata").create({ ...copyOf(metadata), ...head });
    await repository("host/pages-to-metadata").create({ ...copyOf(link), pageId, metadataId: copy.id });
  }
}

/** An address the editor typed that another page holds: a 409 naming that page by its title. */
async function refuseTakenUrl(trx: ModelTransaction, url: string) {
  const holder = await trx.selectFrom(PAGES).select(["title", "adminTitle"]).where("url", "=", url).executeTakeFirst();
  if (!holder) return;
  const name = textIn(holder.title, "en") ?? holder.adminTitle;
  throw new AppError("CONFLICT", `${url} is the address of the page "${name}"`, [
    { path: "/url", message: `is the address of the page "${name}"` },
  ]);
}

/** Which of these host widgets are reusable blocks: one statement. */
async function reusableAmong(trx: ModelTransaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom("host/widgets")
    .select("id")
    .where("id", "in", ids)
    .where("reusable", "=", true)
    .execute();
  return new Set(rows.map((r) => r.id));
}
