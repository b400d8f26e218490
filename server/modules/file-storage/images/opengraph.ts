import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { isUuid } from "../../../../engine/query/coerce.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../../engine/schema/languages.js";
import { validationError } from "../../../../engine/errors.js";
import {
  OPENGRAPH_IMAGE_PATH,
  opengraphText,
  opengraphVersion,
  type OpengraphText,
} from "../../../../common/site/opengraph-image.js";
import { storageKeyOf } from "../stored-files.js";
import type { StorageDriver } from "../storage/storage-driver.js";
import { contentHash, type Drawing, type GeneratedFiles } from "./generated-files.js";
import { OPENGRAPH_SIZE, OpengraphImage } from "./templates/opengraph-image.js";

export const OPENGRAPH_VARIANT = "generate-template-opengraph-image-default";

/** The texts of a page's Open Graph image in a language, as its head computes them (the site reads the page: app.opengraphPages). */
export async function pageText(
  app: FastifyInstance,
  pageId: string,
  origin: string,
  language: string = DEFAULT_LANGUAGE,
): Promise<OpengraphText> {
  const { title, siteName } = await app.opengraphPages.openGraph(pageId, language);
  return opengraphText(title, siteName, origin);
}

/** The site's name for images: the home page's og:siteName, else the host of PUBLIC_URL. */
export async function siteName(app: FastifyInstance, origin: string): Promise<string> {
  const home = await app.opengraphPages.homeId();
  return home ? (await pageText(app, home, origin)).siteName : opengraphText("", undefined, origin).siteName;
}

const drawing = (text: OpengraphText, key: string, replaces?: string): Drawing => ({
  key,
  replaces,
  adminTitle: `Open Graph image: ${text.title}`.slice(0, 200),
  element: createElement(OpengraphImage, text),
  ...OPENGRAPH_SIZE,
});

/**
 * The Open Graph image generator (`pageId`: that page's image; or `title` and `siteName` for
 * any other) and GET /public/opengraph/{pageId}.png, the address every page's og:image names.
 * A page's image is drawn on the first request for its current texts and kept as a file record
 * (`generatedFrom` opengraph:{pageId}:{version}); a new title draws a new one and removes the
 * old. Public like the pages themselves.
 */
export function registerOpengraphImages(
  app: FastifyInstance,
  generated: GeneratedFiles,
  driver: StorageDriver,
  origin: string,
) {
  generated.register(OPENGRAPH_VARIANT, async (input) => {
    if (input.pageId !== undefined) {
      if (!isUuid(input.pageId))
        throw validationError("/pageId must be a uuid", [{ path: "/pageId", message: "must be a uuid" }]);
      const language = input.language ?? DEFAULT_LANGUAGE;
      if (!(LANGUAGES as readonly unknown[]).includes(language))
        throw validationError(`/language must be one of ${LANGUAGES.join(", ")}`, [
          { path: "/language", message: `must be one of ${LANGUAGES.join(", ")}` },
        ]);
      const text = await pageText(app, input.pageId, origin, language as string);
      // One image per page and language: a new title replaces that language's drawing only.
      const kind = language === DEFAULT_LANGUAGE ? "opengraph" : `opengraph-${language}`;
      return drawing(text, `${kind}:${input.pageId}:${opengraphVersion(text)}`, `${kind}:${input.pageId}:`);
    }
    if (typeof input.title !== "string" || !input.title.trim())
      throw validationError("pageId or title is required", [{ path: "/title", message: "is required" }]);
    const text = opengraphText(
      input.title.trim().slice(0, 200),
      typeof input.siteName === "string" ? input.siteName.slice(0, 100) : undefined,
      origin,
    );
    return drawing(text, `opengraph:custom:${contentHash(text)}`);
  });

  app.get<{ Params: { name: string }; Querystring: { v?: string } }>(
    `${OPENGRAPH_IMAGE_PATH}/:name`,
    async (request, reply) => {
      // {pageId}.png in the default language, {pageId}.{language}.png in another.
      const [, pageId, language = DEFAULT_LANGUAGE] =
        /^([^.]+)(?:\.([A-Za-z0-9-]+))?\.png$/.exec(request.params.name) ?? [];
      if (!pageId || !isUuid(pageId) || !(LANGUAGES as readonly string[]).includes(language))
        return reply.code(404).type("text/plain").send("Not found");
      const { record } = await generated.generate(OPENGRAPH_VARIANT, { pageId, language });
      const key = storageKeyOf(record.file);
      const object = key ? await driver.get(key) : null;
      if (!object) return reply.code(404).type("text/plain").send("Not found");
      const current = String(record.generatedFrom).split(":").pop();
      // The versioned address never changes content; an old or bare one is revalidated soon.
      reply.header(
        "cache-control",
        request.query.v === current ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
      reply.header("x-content-type-options", "nosniff");
      return reply.type("image/png").header("content-length", object.size).send(object.body);
    },
  );
}
