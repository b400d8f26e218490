import type { FastifyInstance } from "fastify";
import { validationError } from "../../../../engine/errors.js";
import { objectInput } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { GeneratedFiles } from "./generated-files.js";
import { generateInput } from "./original-generate-body.js";

// Any object: the variant may come at the top or inside the original client's generateData, so
// generateInput (original-generate-body.ts) reads it and a variant that is not a string is as
// good as none ("variant is required"). The schema documents the body.
const input = Object.assign(objectInput(), {
  schema: {
    type: "object",
    properties: {
      variant: { type: "string" },
      width: { type: "integer", minimum: 1 },
      height: { type: "integer", minimum: 1 },
      generateData: { type: "object" },
    },
    additionalProperties: true,
  },
});

/**
 * POST /api/file-storage/files/generate (docs/files.md): `data.variant` names a generated
 * template (generate-template-opengraph-image-default, …-ecommerce-order-receipt-default,
 * …-ecommerce-product-attachment-default) and the rest of `data` what to draw it from; answers
 * 201 with the file record (200 when that exact image was made before). The original client's
 * bodies are taken too (original-generate-body.ts). Who may call it: whoever
 * may create files (admins by default).
 */
export function registerGenerateRoute(app: FastifyInstance, generated: GeneratedFiles) {
  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/file-storage/files/generate",
      tag: "file-storage",
      summary:
        "Draw an image from a template and store it as a file record. `data.variant`: generate-template-opengraph-image-default (`pageId`, or `title` and `siteName`), generate-template-ecommerce-order-receipt-default (`orderId`; 1500×1500, also set as the order's `receipt`), generate-template-ecommerce-product-attachment-default (`productId`; linked to the product). The original client's `{ variant, width, height, ecommerce: { order } }` and `{ variant, generateData: { … } }` are taken too (a record `{ order: { id } }` under its module is `orderId`; each template keeps its own size)",
      body: input,
      status: 201,
    },
    async ({ body }, _request, reply) => {
      const { variant, rest } = generateInput(body);
      if (typeof variant !== "string")
        throw validationError("variant is required", [{ path: "/variant", message: "is required" }]);
      const { record, created } = await generated.generate(variant, rest);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
}
