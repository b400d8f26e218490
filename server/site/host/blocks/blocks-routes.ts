import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import { RelationGraph } from "../../../../engine/query/relation-graph.js";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import { mayEdit } from "../../../drafts/draft-reads.js";
import { subjectOf } from "../../../drafts/draft-writes.js";
import { checkLanguage } from "../../../modules/language-input.js";
import { defineRoute } from "../../../modules/route.js";
import {
  addBlockInput,
  blockParams,
  isPlacement,
  languageQuery,
  orderInput,
  pageParams,
  reusableInput,
} from "./block-input.js";
import { checkNewBlock, writeNewBlock } from "./block-create.js";
import { duplicateBlock } from "./block-duplicate.js";
import { orderBlocks } from "./block-order.js";
import { removeBlock } from "./block-removal.js";
import { pageBlockWrite, PAGES } from "./block-transaction.js";
import { readPageBlocks } from "./page-blocks-read.js";
import { detachBlock, markReusable, placeReusable } from "./reusable-blocks.js";
import { listReusable } from "./reusable-list.js";

const BLOCKS = "/api/host/pages/:id/blocks";
const ONE = `${BLOCKS}/:blockId`;
const tag = "host";
const BLOCK_FIELDS =
  "`{ id` (the host widget), `region` (`page` or the layout's id), `module`, `variant`, `widgetId` (the module widget), `title` }";

/**
 * The page composer's blocks API (docs/api.md "Page blocks"): a page's blocks listed,
 * added with their content, reordered, removed and duplicated, each change ONE transaction
 * through the repositories. Every route is an editor's: the caller must be allowed to edit pages
 * (PATCH /api/host/pages/{id}; the secret key may) — anonymous callers get 401, others 403 —
 * besides the authorization hook every /api route passes. Under drafts a change is the page's
 * working copy: visitors see it once the page is published.
 */
export function registerBlocksRoutes(app: FastifyInstance) {
  const graph = new RelationGraph(app.registry);
  const typed = modelQueries(app.database.db, app.registry);
  const editors = async (request: FastifyRequest) => {
    if (await mayEdit(app, request, app.registry.get(PAGES))) return;
    if (request.caller?.kind === "anonymous")
      throw new AppError("AUTHENTICATION_ERROR", "sign in to edit a page's blocks");
    throw new AppError("PERMISSION_ERROR", "a page's blocks need permission to edit pages");
  };
  const list = (pageId: string, language: string | undefined) =>
    readPageBlocks(typed, app.registry, graph, pageId, checkLanguage(language) ?? DEFAULT_LANGUAGE);
  const one = async (pageId: string, blockId: string, language: string | undefined) =>
    (await list(pageId, language)).find((b) => b.id === blockId && b.region === "page");

  defineRoute(
    app,
    {
      method: "GET",
      url: BLOCKS,
      tag,
      params: pageParams,
      query: languageQuery,
      authorize: editors,
      summary: `The page's blocks in the site's order (working copy): its layouts' blocks first, then its own; each ${BLOCK_FIELDS}, \`title\` in \`?language\` (default the site's default language)`,
    },
    async ({ params, query }) => ({ data: await list(params.id, query.language) }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: BLOCKS,
      tag,
      status: 201,
      params: pageParams,
      query: languageQuery,
      body: addBlockInput,
      authorize: editors,
      summary:
        "Add a block: `{ module, variant, after?, content? }` creates the module widget with its texts and children (`content`: `title`, `subtitle`, `description` as a text or `{ en, ru }`; `features`/`buttons`/`slides` as items; `products`, `articles`, `files`… as ids), the host widget and its link, placed at the end or right after the block `after`; `{ reusable, after? }` places a reusable block (its host widget's id): a new link to the same record, no copy (404 for no reusable block, 409 when the page has it already). Answers the new block",
    },
    async ({ params, query, body }, request, reply) => {
      const id = await pageBlockWrite(app, params.id, subjectOf(request), async (repository, trx) => {
        if (isPlacement(body)) {
          await placeReusable(app, repository, trx, params.id, body.reusable, body.after);
          return body.reusable;
        }
        await checkNewBlock(app, graph, trx, params.id, body);
        return writeNewBlock(app, graph, repository, trx, params.id, body);
      });
      return reply.status(201).send({ data: await one(params.id, id, query.language) });
    },
  );

  defineRoute(
    app,
    {
      method: "PATCH",
      url: `${BLOCKS}/order`,
      tag,
      params: pageParams,
      query: languageQuery,
      body: orderInput,
      authorize: editors,
      summary:
        "Order the page's blocks: `{ ids }`, exactly the page's own blocks (host widget ids), get order indexes 0..n-1 in one statement. Answers the page's blocks",
    },
    async ({ params, query, body }, request) => {
      await pageBlockWrite(app, params.id, subjectOf(request), (repository, trx) =>
        orderBlocks(app, repository, trx, params.id, body.ids),
      );
      return { data: await list(params.id, query.language) };
    },
  );

  defineRoute(
    app,
    {
      method: "DELETE",
      url: ONE,
      tag,
      params: blockParams,
      query: languageQuery,
      authorize: editors,
      summary:
        "Remove a block from the page with every record only it used (host widget, its link, the module widget, its features, buttons, slides and their relation rows); shared records stay. Answers the page's blocks",
    },
    async ({ params, query }, request) => {
      await pageBlockWrite(app, params.id, subjectOf(request), (repository, trx) =>
        removeBlock(app, graph, repository, trx, params.id, params.blockId),
      );
      return { data: await list(params.id, query.language) };
    },
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ONE}/duplicate`,
      tag,
      status: 201,
      params: blockParams,
      query: languageQuery,
      authorize: editors,
      summary:
        "Copy a block right after it: a deep copy of what only it used, sharing what it shares (products, files). Answers the copy",
    },
    async ({ params, query }, request, reply) => {
      const id = await pageBlockWrite(app, params.id, subjectOf(request), (repository, trx) =>
        duplicateBlock(app, graph, repository, trx, params.id, params.blockId),
      );
      return reply.status(201).send({ data: await one(params.id, id, query.language) });
    },
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ONE}/reusable`,
      tag,
      params: blockParams,
      query: languageQuery,
      body: reusableInput,
      authorize: editors,
      summary:
        "Save as reusable block: `{ title }` names the block (with its children) for the palette; it stays this page's block, and other pages can place the same record. Answers the block",
    },
    async ({ params, query, body }, request) => {
      await pageBlockWrite(app, params.id, subjectOf(request), (repository, trx) =>
        markReusable(repository, trx, params.id, params.blockId, body.title.trim()),
      );
      return { data: await one(params.id, params.blockId, query.language) };
    },
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ONE}/detach`,
      tag,
      params: blockParams,
      query: languageQuery,
      authorize: editors,
      summary:
        "Detach a reusable block: this page shows a deep copy of it in the same place, not reusable; other pages keep the shared block. Answers the copy",
    },
    async ({ params, query }, request) => {
      const id = await pageBlockWrite(app, params.id, subjectOf(request), (repository, trx) =>
        detachBlock(app, graph, repository, trx, params.id, params.blockId),
      );
      return { data: await one(params.id, id, query.language) };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/host/reusable-blocks",
      tag,
      query: languageQuery,
      authorize: editors,
      summary:
        "The reusable blocks for the palette, by name: `[{ id, name, module, variant, widgetId, title, usedOn, changed }]` (working copies; `title` in `?language`)",
    },
    async ({ query }) => ({
      data: await listReusable(typed, app.registry, graph, checkLanguage(query.language) ?? DEFAULT_LANGUAGE),
    }),
  );
}
