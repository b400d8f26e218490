import type { JsonSchema, Model } from "../schema/model.js";
import { typeName } from "./record-schema.js";

// OpenAPI for the routes every x-drafts model has beside the generic ones (docs/drafts.md):
// publishing and the version history. None takes a body.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const envelope = (schema: JsonSchema) => ({ type: "object", properties: { data: schema }, required: ["data"] });
const uuid = { type: "string", format: "uuid" };

const versionSummary: JsonSchema = {
  type: "object",
  required: ["id", "number", "kind", "createdAt", "subject", "changed", "deleted"],
  properties: {
    id: uuid,
    number: { type: "integer", description: "the record's versions counted from 1" },
    kind: { type: "string", enum: ["initial", "save", "publish", "restore"] },
    createdAt: { type: "string", format: "date-time" },
    subject: {
      oneOf: [{ type: "null" }, { type: "object", properties: { id: uuid, email: { type: ["string", "null"] } } }],
      description: "who saved it; null for the secret key",
    },
    changed: {
      type: "array",
      items: { type: "string" },
      description:
        "field names changed since the version before; for a tree also model/field, or the model id of a record added or removed",
    },
    deleted: { type: "boolean", description: "this save deleted the record" },
  },
};

const snapshot: JsonSchema = {
  type: "object",
  properties: {
    record: { type: ["object", "null"] },
    tree: {
      type: "object",
      additionalProperties: { type: "array", items: { type: "object" } },
      description: "a tree root's other records, by model id",
    },
  },
};

/** The publish, unpublish and version routes of one x-drafts model. */
export function draftPaths(model: Model, errors: JsonSchema): JsonSchema {
  const name = typeName(model);
  const tags = [model.module];
  const base = `/api/${model.id}/{id}`;
  const id = { name: "id", in: "path", required: true, schema: uuid };
  const versionId = { name: "versionId", in: "path", required: true, schema: uuid };
  const working = {
    "200": {
      description: `the ${model.title}'s working copy with its publication`,
      content: json(envelope(ref(name))),
    },
    ...errors,
  };
  // Records of the tree the caller may not publish stay as they are; those that differ from their published copy are named.
  const withheld = {
    type: "array",
    items: { type: "object", required: ["model", "id"], properties: { model: { type: "string" }, id: uuid } },
  };
  const publishedAnswer = {
    type: "object",
    properties: { data: ref(name), notPublished: withheld },
    required: ["data"],
  };
  const published = {
    "200": {
      description: `the ${model.title}'s working copy with its publication; notPublished (when any) the records that stayed as they are`,
      content: json(publishedAnswer),
    },
    ...errors,
  };
  return {
    [`${base}/publish`]: {
      post: {
        tags,
        summary: `Publish ${model.title} with its tree (the records of it the caller may publish)`,
        operationId: `publish${name}`,
        parameters: [id],
        responses: published,
      },
    },
    [`${base}/unpublish`]: {
      post: {
        tags,
        summary: `Unpublish ${model.title}`,
        operationId: `unpublish${name}`,
        parameters: [id],
        responses: working,
      },
    },
    [`${base}/versions`]: {
      get: {
        tags,
        summary: `Versions of ${model.title}`,
        operationId: `versions${name}`,
        description: "Newest first. For callers who may edit the model.",
        parameters: [
          id,
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
          { name: "offset", in: "query", schema: { type: "integer", minimum: 0, default: 0 } },
        ],
        responses: {
          "200": { description: "versions", content: json(envelope({ type: "array", items: versionSummary })) },
          ...errors,
        },
      },
    },
    [`${base}/versions/{versionId}`]: {
      get: {
        tags,
        summary: `One version of ${model.title}`,
        operationId: `version${name}`,
        parameters: [id, versionId],
        responses: {
          "200": {
            description: "the version with its snapshot",
            content: json(envelope({ allOf: [versionSummary], properties: { snapshot } })),
          },
          ...errors,
        },
      },
    },
    [`${base}/versions/{versionId}/compare`]: {
      get: {
        tags,
        summary: `Compare a version of ${model.title}`,
        operationId: `compareVersion${name}`,
        description:
          "What differs from the version to the working copy (to=working, the default) or to another version of the record (to={versionId}), in an editor's terms: the record's fields, and for a page its layouts, blocks, their texts per language and items (docs/drafts.md, Versions). For callers who may edit the model.",
        parameters: [id, versionId, { name: "to", in: "query", schema: { type: "string", default: "working" } }],
        responses: {
          "200": {
            description: "the changes, in reading order",
            content: json(
              envelope({
                type: "object",
                required: ["changes"],
                properties: {
                  changes: {
                    type: "array",
                    items: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
                  },
                },
              }),
            ),
          },
          ...errors,
        },
      },
    },
    [`${base}/versions/{versionId}/restore`]: {
      post: {
        tags,
        summary: `Restore a version of ${model.title}`,
        operationId: `restore${name}`,
        description:
          "Makes the version the working copy of the record and its tree, in one transaction; the published copy stays until published.",
        parameters: [id, versionId],
        responses: working,
      },
    },
  };
}
