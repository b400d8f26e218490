import { filterMethods, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from "../query/list-query.js";
import { BULK_MAX, COUNT_EXACT_UP_TO } from "../query/repository.js";
import type { JsonSchema, Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { draftPaths } from "./openapi-drafts.js";
import { recordSchema, typeName } from "./record-schema.js";

// OpenAPI 3.1 for every generic route, built from the registry (3.1 speaks JSON Schema 2020-12,
// so the entity schemas go in as they are).
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const envelope = (schema: JsonSchema) => ({ type: "object", properties: { data: schema }, required: ["data"] });
const errors = Object.fromEntries(
  [
    ["400", "Validation error: bad body, filter, id or a missing foreign key"],
    ["401", "Authentication error: the route needs a signed-in subject or the secret key"],
    [
      "403",
      "Permission error: the caller's roles do not allow the route, the secret key is wrong, or a cookie-authenticated write came from another site",
    ],
    ["404", "Not Found error"],
    ["409", "Conflict error: a unique value is taken"],
  ].map(([status, description]) => [status, { description, content: json(ref("Error")) }]),
);
/** A PATCH or DELETE with a stale If-Match (docs/drafts.md, Concurrent edits). */
const ifMatch = {
  parameters: [
    {
      name: "If-Match",
      in: "header",
      required: false,
      schema: { type: "string" },
      description: "an ETag from GET: the write fails with 412 if the record changed since",
    },
  ],
  "412": {
    description: "Precondition Failed error: the record changed since the If-Match ETag; `data` holds it as it is now",
    content: json(ref("Error")),
  },
};
const etagHeader = {
  ETag: { description: "weak: the record's id and updatedAt; send it back as If-Match", schema: { type: "string" } },
};
/** Writes also answer 413 past the route's body limit. */
const writeErrors = {
  ...errors,
  "413": { description: "Payload Too Large error: the body is over the route's limit", content: json(ref("Error")) },
};

function writeSchema(model: Model, mode: "create" | "update"): JsonSchema {
  const fields = model.fields.filter((f) => !f.hidden && !f.readOnly);
  const record = recordSchema(model).properties as JsonSchema;
  return {
    type: "object",
    properties: Object.fromEntries(fields.map((f) => [f.name, record[f.name]])),
    required:
      mode === "create"
        ? fields.filter((f) => f.required && f.default === undefined && !f.generated).map((f) => f.name)
        : [],
    additionalProperties: false,
  };
}

const body = (schema: JsonSchema) => ({
  required: true,
  content: {
    "application/json": { schema: { type: "object", properties: { data: schema }, required: ["data"] } },
    "application/x-www-form-urlencoded": {
      schema: { type: "object", properties: { data: { type: "string", description: "JSON" } } },
    },
    "multipart/form-data": {
      schema: { type: "object", properties: { data: { type: "string", description: "JSON" } } },
    },
  },
});

const listParameters = [
  {
    name: "filters",
    in: "query",
    style: "deepObject",
    description:
      `And-list of conditions, as qs brackets (filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=x) ` +
      `or filters[and] as one JSON string. Methods: ${filterMethods.join(", ")}. A column may name a key of a JSON column: title->>en.`,
    schema: { type: "object" },
  },
  {
    name: "orderBy",
    in: "query",
    style: "deepObject",
    description:
      "orderBy[and][0][column]=createdAt&orderBy[and][0][method]=desc. Default: orderIndex, then createdAt, ascending.",
    schema: { type: "object" },
  },
  {
    name: "limit",
    in: "query",
    description: `Default ${LIST_LIMIT_DEFAULT}, at most ${LIST_LIMIT_MAX}.`,
    schema: { type: "integer", minimum: 1 },
  },
  {
    name: "offset",
    in: "query",
    description: "Rows to skip: its time grows with the offset (use after to go deep).",
    schema: { type: "integer", minimum: 0, default: 0 },
  },
  {
    name: "after",
    in: "query",
    description:
      "The next of an earlier page of this list in the same orderBy: the page after it, read from that position (as fast as the first page). Not with offset; any other text is a 400.",
    schema: { type: "string" },
  },
];
const estimateParameter = {
  name: "estimate",
  in: "query",
  description: `true: count exactly only up to ${COUNT_EXACT_UP_TO} rows, beyond that answer the query planner's estimate (a large table's admin page) with estimated: true. Default false: the exact count.`,
  schema: { type: "string", enum: ["true", "false"] },
};
const nextCursor = {
  type: "string",
  description: "Present when the page is full: send it as after (same orderBy) for the next page.",
};
const idParameter = [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }];

function paths(model: Model) {
  const name = typeName(model);
  const tags = [model.module];
  const one = { "200": { description: model.title, content: json(envelope(ref(name))) }, ...errors };
  const many = (status: string, failures = errors) => ({
    [status]: { description: `${model.title} list`, content: json(envelope({ type: "array", items: ref(name) })) },
    ...failures,
  });
  const list = {
    description: `${model.title} list`,
    content: json({
      ...envelope({ type: "array", items: ref(name) }),
      properties: { data: { type: "array", items: ref(name) }, next: nextCursor },
    }),
  };
  const base = `/api/${model.id}`;
  return {
    [base]: {
      get: {
        tags,
        summary: `List ${model.title}`,
        operationId: `list${name}`,
        parameters: listParameters,
        responses: { "200": list, ...errors },
      },
      post: {
        tags,
        summary: `Create ${model.title}`,
        operationId: `create${name}`,
        requestBody: body(ref(`${name}Create`)),
        responses: { "201": one["200"], ...writeErrors },
      },
    },
    [`${base}/count`]: {
      get: {
        tags,
        summary: `Count ${model.title}`,
        operationId: `count${name}`,
        parameters: [listParameters[0], estimateParameter],
        responses: {
          "200": {
            description: "count",
            content: json({
              ...envelope({ type: "integer" }),
              properties: {
                data: { type: "integer" },
                estimated: {
                  type: "boolean",
                  description: "with estimate=true: whether data is the planner's estimate",
                },
              },
            }),
          },
          ...errors,
        },
      },
    },
    [`${base}/export`]: {
      get: {
        tags,
        summary: `Export ${model.title}`,
        operationId: `export${name}`,
        description:
          "Every record matching the filters, streamed (memory stays flat however many there are), as a file to download. Hidden fields are never exported. " +
          'CSV: a header of field names, a language map as one column per language (`title.en`, `title.ru`), JSON columns as JSON text; an empty cell is null, a quoted empty cell (`""`) the empty text. ' +
          "JSON: a list of records as the list route answers them.",
        parameters: [
          { name: "format", in: "query", schema: { type: "string", enum: ["csv", "json"], default: "json" } },
          listParameters[0],
        ],
        responses: {
          "200": {
            description: `${model.title} records`,
            content: {
              "text/csv": { schema: { type: "string" } },
              "application/json": { schema: { type: "array", items: ref(name) } },
            },
          },
          ...errors,
        },
      },
    },
    [`${base}/import`]: {
      post: {
        tags,
        summary: `Import ${model.title}`,
        operationId: `import${name}`,
        description:
          "A multipart body with one file part: a CSV or JSON file as the export writes it (format by the file's name, else its first character, or `format`). " +
          "A record is matched to an existing one by its id, else by a unique field's value, and updated; otherwise created (with the file's id, createdAt and updatedAt when given). " +
          "`dryRun=true` answers the rows (numbered from 1) to create, to update and refused with the reasons, and writes nothing; " +
          "without it every row is written in one transaction, or none when any is refused (a 400 naming the rows).",
        parameters: [
          { name: "dryRun", in: "query", schema: { type: "string", enum: ["true", "false"], default: "false" } },
          { name: "format", in: "query", schema: { type: "string", enum: ["csv", "json"] } },
        ],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "the dry run's report, or how many records were created and updated",
            content: json(
              envelope({
                oneOf: [
                  {
                    type: "object",
                    required: ["create", "update", "rejected"],
                    properties: {
                      create: { type: "array", items: { type: "integer" } },
                      update: { type: "array", items: { type: "integer" } },
                      rejected: {
                        type: "array",
                        items: {
                          type: "object",
                          required: ["row", "reasons"],
                          properties: {
                            row: { type: "integer" },
                            reasons: { type: "array", items: { type: "string" } },
                          },
                        },
                      },
                    },
                  },
                  {
                    type: "object",
                    required: ["created", "updated"],
                    properties: { created: { type: "integer" }, updated: { type: "integer" } },
                  },
                ],
              }),
            ),
          },
          ...writeErrors,
        },
      },
    },
    [`${base}/find-or-create`]: {
      post: {
        tags,
        summary: `Find or create ${model.title}`,
        operationId: `findOrCreate${name}`,
        description:
          "Returns the record matching the given unique fields (or all given fields) with 200, else creates it (201).",
        requestBody: body(ref(`${name}Create`)),
        responses: { "201": one["200"], ...one, ...writeErrors },
      },
    },
    [`${base}/bulk`]: {
      post: {
        tags,
        summary: `Create many ${model.title}`,
        operationId: `bulkCreate${name}`,
        description: `One transaction: all created or none. At most ${BULK_MAX} items.`,
        requestBody: body({ type: "array", items: ref(`${name}Create`), maxItems: BULK_MAX }),
        responses: many("201", writeErrors),
      },
      patch: {
        tags,
        summary: `Update many ${model.title}`,
        operationId: `bulkUpdate${name}`,
        description: "One transaction: all updated or none. Each item carries its id.",
        requestBody: body({
          type: "array",
          items: { allOf: [ref(`${name}Update`)], required: ["id"] },
          maxItems: BULK_MAX,
        }),
        responses: many("200", writeErrors),
      },
    },
    [`${base}/{id}`]: {
      get: {
        tags,
        summary: `Get ${model.title}`,
        operationId: `get${name}`,
        parameters: idParameter,
        responses: { ...one, "200": { ...one["200"], headers: etagHeader } },
      },
      patch: {
        tags,
        summary: `Update ${model.title}`,
        operationId: `update${name}`,
        parameters: [...idParameter, ...ifMatch.parameters],
        requestBody: body(ref(`${name}Update`)),
        responses: { ...one, "200": { ...one["200"], headers: etagHeader }, ...writeErrors, "412": ifMatch["412"] },
      },
      delete: {
        tags,
        summary: `Delete ${model.title}`,
        operationId: `delete${name}`,
        parameters: [...idParameter, ...ifMatch.parameters],
        responses: { ...one, "412": ifMatch["412"] },
      },
    },
    ...(model.published ? draftPaths(model, errors) : {}),
  };
}

/** A schedule's body (PUT …/{id}/schedule): each time in the future, null cancels it, a missing key leaves it. */
const scheduleSchema = {
  type: "object",
  properties: Object.fromEntries(
    ["publishAt", "unpublishAt"].map((name) => [
      name,
      {
        oneOf: [{ type: "string", format: "date-time" }, { type: "null" }],
        description: "An ISO time in the future; null cancels",
      },
    ]),
  ),
  minProperties: 1,
  additionalProperties: false,
};

/** An x-drafts model's schedule (docs/drafts.md); publish, unpublish and versions are in openapi-drafts.ts. */
function schedulePaths(model: Model) {
  const name = typeName(model);
  const tags = [model.module];
  const one = {
    "200": { description: `${model.title}, its working copy with its publication`, content: json(envelope(ref(name))) },
    ...errors,
  };
  return {
    [`/api/${model.id}/{id}/schedule`]: {
      put: {
        tags,
        summary: `Schedule ${model.title}`,
        operationId: `schedule${name}`,
        parameters: idParameter,
        description:
          "When the jobs queue publishes the record's tree (publishAt) and takes it off the site (unpublishAt), within one poll interval, once across instances. The record's publication shows both.",
        requestBody: body(scheduleSchema),
        responses: { ...one, ...writeErrors },
      },
    },
  };
}

export function openApiDocument(registry: Registry): JsonSchema {
  const schemas: JsonSchema = {
    Error: {
      type: "object",
      required: ["status", "error", "code", "message", "cause", "requestId"],
      properties: {
        status: { type: "integer" },
        error: { type: "string" },
        code: { type: "string" },
        message: { type: "string", examples: ["Validation error: /slug must be string"] },
        cause: {
          type: "array",
          items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
        },
        requestId: { type: "string" },
        data: { description: "a 412's current record" },
      },
    },
  };
  for (const model of registry.exposed) {
    const name = typeName(model);
    schemas[name] = recordSchema(model);
    schemas[`${name}Create`] = writeSchema(model, "create");
    schemas[`${name}Update`] = {
      ...writeSchema(model, "update"),
      properties: { id: { type: "string", format: "uuid" }, ...writeSchema(model, "update").properties },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Platform API",
      version: "1.0.0",
      description: "Generic routes for every entity and relation, generated from schemas/.",
      license: { name: "MIT", identifier: "MIT" },
    },
    components: { schemas },
    tags: [...new Set(registry.exposed.map((m) => m.module))].map((name) => ({
      name,
      description: moduleDescription(registry, name),
    })),
    paths: Object.assign(
      {},
      ...registry.exposed.map(paths),
      ...registry.exposed.filter((m) => m.published).map(schedulePaths),
    ),
  };
}

/** A tag's description: the module's entities by their titles. */
function moduleDescription(registry: Registry, module: string): string {
  const titles = registry.exposed.filter((m) => m.module === module && m.kind === "entity").map((m) => m.title);
  return titles.length > 0 ? `The ${module} module: ${titles.join(", ")}.` : `The ${module} module's relations.`;
}
