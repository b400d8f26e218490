import type { FastifyInstance } from "fastify";
import { inputSchema, objectInput } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { GeneratedFiles } from "./generated-files.js";

// A variant that is not a string is as good as none: "variant is required".
const input = objectInput(
  inputSchema<{ variant: string; [field: string]: unknown }>({ properties: { variant: { type: "string", "x-message": "is required" } }, required: ["variant"], additionalProperties: true }),
);

/**
 * POST /api/file-storage/files/generate (SPEC.md section 7): `data.variant` names a generated
 * template (generate-template-opengraph-image-default, …-ecommerce-order-receipt-default,
 * …-ecommerce-product-attachment-default) and the rest of `data` what to draw it from; answers
 * 201 with the file record (200 when that exact image was made before). Who may call it: whoever
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
        "Draw an image from a template and store it as a file record. `data.variant`: generate-template-opengraph-image-default (`pageId`, or `title` and `siteName`), generate-template-ecommerce-order-receipt-default (`orderId`; 1500×1500, also set as the order's `receipt`), generate-template-ecommerce-product-attachment-default (`productId`; linked to the product)",
      body: input,
      status: 201,
    },
    async ({ body: { variant, ...rest } }, _request, reply) => {
      const { record, created } = await generated.generate(variant, rest);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
}
