import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { LANGUAGE_CODE } from "../../../../engine/schema/languages.js";
import { mayEdit } from "../../../drafts/draft-reads.js";
import { subjectOf } from "../../../drafts/draft-writes.js";
import { callerMayPublish } from "../../../drafts/publish-permission.js";
import { notPublishedOf } from "../../../drafts/tree-permissions.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { ProductEditorReads } from "../product-editor-read.js";
import { ProductEditor, type EditorInput } from "../product-editor.js";
import { MAX_PRICES, type ProductPrices } from "../product-prices.js";

const EDITOR = "/api/ecommerce/products/editor";
const ONE = "/api/ecommerce/products/:id/editor";
const LIST_MAX = 100;
/** Rows of one list in a save at most: a product's photos, stores, categories or attributes. */
const ROWS_MAX = 200;

const productParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" } },
  required: ["id"],
});
const COUNT = (max: number) => ({
  type: "string",
  pattern: "^[0-9]{1,9}$",
  maxLength: 9,
  "x-message": `must be a whole number up to ${max}`,
});
const listQuery = inputSchema<{ search?: string; limit?: string; offset?: string }>({
  properties: { search: { type: "string", maxLength: 200 }, limit: COUNT(LIST_MAX), offset: COUNT(1e9) },
});

/** A language map: texts by language code ("en", "ru"). */
const TEXTS = {
  type: "object",
  maxProperties: 20,
  propertyNames: { pattern: LANGUAGE_CODE.source },
  additionalProperties: { type: "string", maxLength: 100_000 },
  "x-message": "must be texts by language ({ en, ru })",
};
const SHORT_TEXTS = { ...TEXTS, additionalProperties: { type: "string", maxLength: 2_000 } };
const STOCK = {
  anyOf: [{ type: "integer", minimum: 0, maximum: 2_147_483_647 }, { type: "null" }],
  "x-message": "must be a whole number ≥ 0, or null (not tracked)",
};
const list = (items: object, max = ROWS_MAX) => ({
  type: "array",
  maxItems: max,
  items,
  "x-message": `must be a list of at most ${max}`,
});

const editorInput = inputSchema<EditorInput>({
  properties: {
    product: {
      type: "object",
      additionalProperties: false,
      properties: {
        adminTitle: { type: "string", maxLength: 500 },
        slug: {
          type: "string",
          maxLength: 200,
          pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$",
          "x-message": "must be lowercase words joined by hyphens (ceramic-mug)",
        },
        title: SHORT_TEXTS,
        shortDescription: TEXTS,
        description: TEXTS,
        type: { type: "string", enum: ["one_off", "subscription"], "x-message": "must be one_off or subscription" },
        shipping: { type: "string", enum: ["required", "none"], "x-message": "must be required or none" },
        stock: STOCK,
      },
      required: ["title", "shortDescription", "description", "type", "shipping", "stock"],
    },
    prices: list(
      {
        type: "object",
        additionalProperties: false,
        properties: {
          currencyId: { ...UUID, "x-message": "must be a currency's id" },
          // A decimal string only (no JSON number): its digits are checked against the currency's.
          amount: { type: "string", maxLength: 40, "x-message": 'must be a decimal string ≥ 0 such as "12.50"' },
          storeId: { anyOf: [UUID, { type: "null" }], "x-message": "must be a store's id or null" },
        },
        required: ["currencyId", "amount"],
      },
      MAX_PRICES,
    ),
    photos: list({
      type: "object",
      additionalProperties: false,
      properties: { fileId: { ...UUID, "x-message": "must be a file's id" }, alt: SHORT_TEXTS },
      required: ["fileId"],
    }),
    stores: list({
      type: "object",
      additionalProperties: false,
      properties: { storeId: { ...UUID, "x-message": "must be a store's id" }, stock: STOCK },
      required: ["storeId"],
    }),
    categoryIds: list({ ...UUID, "x-message": "must be a category's id" }),
    attributes: list({
      type: "object",
      additionalProperties: false,
      properties: { name: SHORT_TEXTS, value: SHORT_TEXTS },
      required: ["name", "value"],
    }),
  },
  required: ["product", "prices", "photos", "stores", "categoryIds", "attributes"],
});

/**
 * The product editor's routes (the admin's /admin/products; docs/shop.md
 * "Product editor"). Reads answer working copies, so they take what editing products takes (the
 * product routes' GET is public: the check is here); saves go through the authorization hook as
 * PUT/POST on their paths (an admin, or a role granted them). A save is one transaction; with
 * drafts on it is a draft, published by POST /api/ecommerce/products/{id}/publish.
 */
export function registerProductEditorRoutes(app: FastifyInstance, prices: ProductPrices) {
  const editor = new ProductEditor(app, prices);
  const reads = new ProductEditorReads(app);
  const editors = async (request: FastifyRequest) => {
    if (await mayEdit(app, request, app.registry.get("ecommerce/products"))) return;
    if (request.caller?.kind === "anonymous")
      throw new AppError("AUTHENTICATION_ERROR", "sign in to use the product editor");
    throw new AppError("PERMISSION_ERROR", "the product editor needs permission to edit products");
  };
  const tag = "ecommerce";

  defineRoute(
    app,
    {
      method: "GET",
      url: EDITOR,
      tag,
      summary:
        "The product editor's table: products newest first (working copies) with main photo, own prices, stock and publication state; `search`, `limit` (default 20, at most 100), `offset`",
      query: listQuery,
      authorize: editors,
    },
    async ({ query }) => {
      const limit = Math.min(Math.max(Number(query.limit ?? 20), 1), LIST_MAX);
      return { data: await reads.list(query.search?.trim() ?? "", limit, Number(query.offset ?? 0)) };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${EDITOR}/choices`,
      tag,
      summary: "The product editor's pickers: currencies, stores and categories by name",
      authorize: editors,
    },
    async () => ({ data: await reads.choices() }),
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: ONE,
      tag,
      params: productParams,
      summary:
        "One product for its editor: the working copy with its publication, prices, photos, stores, categories and name/value attributes",
      authorize: editors,
    },
    async ({ params: { id } }) => ({ data: await reads.document(id) }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: EDITOR,
      tag,
      status: 201,
      body: editorInput,
      summary:
        "Create a product from the editor's form: its fields, prices, photos, stores, categories and attributes in one transaction",
    },
    async ({ body }, request, reply) =>
      reply.status(201).send({ data: await reads.document(await editor.save(undefined, body, subjectOf(request))) }),
  );

  defineRoute(
    app,
    {
      method: "PUT",
      url: ONE,
      tag,
      params: productParams,
      body: editorInput,
      summary:
        "Save the product editor's form: the product's fields, prices, photos (order, alt text), stores, categories and attributes in one transaction",
    },
    async ({ params: { id }, body }, request) => ({
      data: await reads.document(await editor.save(id, body, subjectOf(request))),
    }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${ONE}/publish`,
      tag,
      params: productParams,
      summary:
        "Publish the product as its editor shows it, in one transaction: its tree (prices, photos, features) and its offers in stores and category links; answers the editor's document",
    },
    async ({ params: { id } }, request) => {
      // Only what the caller may publish, as every publish of a tree (docs/drafts.md): the rest is named.
      const notPublished = notPublishedOf(await editor.publish(id, subjectOf(request), callerMayPublish(app, request)));
      const data = await reads.document(id);
      return notPublished.length > 0 ? { data, notPublished } : { data };
    },
  );
}
