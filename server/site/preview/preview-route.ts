import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, notFound } from "../../../engine/errors.js";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { mayEdit } from "../../drafts/draft-reads.js";
import { UUID, inputSchema } from "../../modules/input.js";
import { checkLanguage, LANGUAGE_INPUT } from "../../modules/language-input.js";
import { defineRoute } from "../../modules/route.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import type { PagePreviews } from "./page-previews.js";
import type { PreviewAuthor } from "./preview-links.js";

const PAGES = "host/pages";
const params = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const body = inputSchema<{ language?: string; path?: string }>({
  properties: {
    language: LANGUAGE_INPUT,
    path: { type: "string", maxLength: 2048, pattern: "^/", "x-message": "must be a path starting with /" },
  },
});

/**
 * POST /api/host/pages/{id}/preview (docs/drafts.md, "Preview"): a signed link, good for an hour,
 * that shows the page as the caller's publish would put it on the site (a page never published too). For editors only: the
 * caller must be allowed to edit that page (PATCH it), besides this route's own permission.
 */
export async function registerPreviewRoute(app: FastifyInstance, previews: PagePreviews) {
  const working = app.repositories.get(PAGES)!;
  const pages = app.registry.get(PAGES);
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    defineRoute(
      routes,
      {
        method: "POST",
        url: `/api/${PAGES}/:id/preview`,
        tag: "host",
        summary:
          "A signed link to preview the page as it will look when the caller publishes it (the working copies of what the caller may publish of its tree), good for an hour: `{ data: { url } }`. Optional `language` (the link's language prefix) and `path` (for a template page, which of its addresses). Editors of pages only",
        params,
        body,
        bodyOptional: true,
        authorize: async (request) => {
          if (!(await mayEdit(app, request, pages)))
            throw new AppError("PERMISSION_ERROR", "previewing a page needs permission to edit pages");
        },
      },
      async ({ params: { id }, body: input }, request) => {
        const page = await working.listByIds([id]).then((rows) => rows[0]);
        if (!page) throw notFound(`Page ${id} was not found`);
        const language = checkLanguage(input?.language, "/data/language") ?? DEFAULT_LANGUAGE;
        return {
          data: {
            url: await previews.link({ id, url: String(page.url) }, authorOf(request.caller), language, input?.path),
          },
        };
      },
    );
  });
}

/**
 * Whom the link's preview is for: a subject previews what it may publish; the secret key, or the
 * server without an rbac module (no caller), the whole tree. A signed-out caller never gets here.
 */
function authorOf(caller: FastifyRequest["caller"] | undefined): PreviewAuthor {
  if (caller?.kind === "subject") return { kind: "subject", subjectId: caller.subjectId };
  if (caller?.kind === "anonymous")
    throw new AppError("AUTHENTICATION_ERROR", "previewing a page needs a signed-in editor");
  return { kind: "secret-key" };
}
