import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { RelationGraph } from "../../../../engine/query/relation-graph.js";
import { LANGUAGE_CODE } from "../../../../engine/schema/languages.js";
import { subjectOf } from "../../../drafts/draft-writes.js";
import { inputSchema } from "../../../modules/input.js";
import { defineRoute } from "../../../modules/route.js";
import { pageParams } from "../blocks/block-input.js";
import { PAGES } from "../blocks/block-transaction.js";
import { copyPage, type PageCopyInput } from "./page-copy.js";

const TEXTS = {
  anyOf: [
    { type: "string", minLength: 1, maxLength: 500 },
    {
      type: "object",
      minProperties: 1,
      maxProperties: 20,
      propertyNames: { pattern: LANGUAGE_CODE.source },
      additionalProperties: { type: "string", maxLength: 500 },
    },
  ],
  "x-message": "must be a text, or texts by language ({ en, ru })",
};

const copyInput = inputSchema<PageCopyInput>({
  properties: {
    url: {
      type: "string",
      maxLength: 2000,
      pattern: "^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$",
      "x-message": "must be a path starting with / (letters, digits, - and _ between the slashes)",
    },
    title: TEXTS,
    description: TEXTS,
    template: { type: "boolean" },
  },
});

/**
 * POST /api/host/pages/{id}/duplicate (docs/api.md "Page copies"): the page — or a page template —
 * copied with its layouts, metadata and every block, in one transaction (page-copy.ts). "Duplicate
 * page", "New page from a template" and "Save as template" of the admin are this one route. Like
 * every page write it is an admin's by default (the route's access); a role given it must also
 * be allowed to create pages, else 403 (401 signed out).
 */
export function registerPageCopyRoute(app: FastifyInstance) {
  const graph = new RelationGraph(app.registry);
  const creators = async (request: FastifyRequest) => {
    const caller = request.caller;
    if (!caller || caller.kind === "secret-key") return;
    if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in to copy a page");
    if (app.hasDecorator("rbac") && (await app.rbac.authorizer.allows(caller, "POST", `/api/${PAGES}`))) return;
    throw new AppError("PERMISSION_ERROR", "copying a page needs permission to create pages");
  };
  defineRoute(
    app,
    {
      method: "POST",
      url: `/api/${PAGES}/:id/duplicate`,
      tag: "host",
      status: 201,
      params: pageParams,
      body: copyInput,
      bodyOptional: true,
      authorize: creators,
      summary:
        'Copy a page into a new page (a draft): its layouts, metadata and every block in order with its texts and items, in one transaction. `{ url?, title?, description?, template? }`: without `url` the copy gets the first free "-copy" address ("/about" → "/about-copy", "/about-copy-2"…; "-template" when `template`), without `title` the titles with " (copy)" in each language; `template: true` makes the copy a page template (never served to visitors). 409 when `url` is another page\'s. Answers the new page (working copy)',
    },
    async ({ params, body }, request, reply) => {
      const id = await copyPage(app, graph, params.id, body ?? {}, subjectOf(request));
      return reply.status(201).send({ data: await app.repositories.get(PAGES)!.get(id) });
    },
  );
}
