import type { FastifyInstance } from "fastify";
import { validationError } from "../../../../engine/errors.js";
import { isPlainObject } from "../../../../engine/query/plain-object.js";
import { readInput } from "../../input.js";
import type { GeneratedFiles } from "./generated-files.js";
import { generateInput } from "./original-generate-body.js";

/**
 * POST /api/file-storage/files/generate (SPEC.md section 7): `data.variant` names a generated
 * template (generate-template-opengraph-image-default, …-ecommerce-order-receipt-default,
 * …-ecommerce-product-attachment-default) and the rest of `data` what to draw it from; answers
 * 201 with the file record (200 when that exact image was made before). The original client's
 * bodies are taken too (original-generate-body.ts). Who may call it: whoever
 * may create files (admins by default).
 */
export function registerGenerateRoute(app: FastifyInstance, generated: GeneratedFiles) {
  app.post(
    "/api/file-storage/files/generate",
    {
      config: {
        docs: {
          tag: "file-storage",
          summary:
            "Draw an image from a template and store it as a file record. `data.variant`: generate-template-opengraph-image-default (`pageId`, or `title` and `siteName`), generate-template-ecommerce-order-receipt-default (`orderId`; 1500×1500, also set as the order's `receipt`), generate-template-ecommerce-product-attachment-default (`productId`; linked to the product). The original client's `{ variant, width, height, ecommerce: { order } }` and `{ variant, generateData: { … } }` are taken too (a record `{ order: { id } }` under its module is `orderId`; each template keeps its own size)",
          body: { type: "object", properties: { data: { type: "object", properties: { variant: { type: "string" } }, required: ["variant"] } }, required: ["data"] },
          status: 201,
        },
      },
    },
    async (request, reply) => {
      const input = await readInput(request);
      if (!isPlainObject(input)) throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
      const { variant, rest } = generateInput(input);
      if (typeof variant !== "string") throw validationError("variant is required", [{ path: "/variant", message: "is required" }]);
      const { record, created } = await generated.generate(variant, rest);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
}
