import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validationErrorFromCauses, type ErrorCause } from "../../../engine/errors.js";
import { keysetPages } from "../../../engine/query/keyset-pages.js";
import { parseListQuery, type Filter } from "../../../engine/query/list-query.js";
import type { Repository } from "../../../engine/query/repository.js";
import { PUBLISHED_AT } from "../../../engine/schema/published-model.js";
import { mayEdit, type View } from "../../drafts/draft-reads.js";
import { cellOf, exportColumns } from "./columns.js";
import { csvLine } from "./csv.js";

export const TRANSFER_FORMATS = ["csv", "json"] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

/** The export's query: its format and the list's filters; a list's paging and order mean nothing to a whole export. */
const EXPORT_QUERY_KEYS = ["format", "filters"];

/**
 * `GET /api/{module}/{entity}/export?format=csv|json`: every record the caller may read that
 * matches the filters, streamed a page at a time (keysetPages), so the memory it takes does not
 * grow with the table. Hidden fields are never selected. Its default permission is the admin's
 * only: a wildcard of another role's permission does not reach it (permissions/path-pattern.ts).
 * Of an x-drafts model it exports the working copies to a caller who may edit the model (who
 * may read them with draft=true), and the published copies to one who may only export.
 */
export function registerExportRoute(
  app: FastifyInstance,
  repository: Repository,
  visibleTo: (request: FastifyRequest, conditions: Filter[], view: View) => Filter[] | Promise<Filter[]>,
) {
  const model = repository.model;
  const published = app.publishedRepositories.get(model.id)!;
  app.get(`/api/${model.id}/export`, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const causes: ErrorCause[] = Object.keys(query)
      .filter((key) => !EXPORT_QUERY_KEYS.includes(key))
      .map((key) => ({
        path: `/${key}`,
        message: `is not a query parameter of this route: use ${EXPORT_QUERY_KEYS.join(", ")}`,
      }));
    const format = query.format ?? "json";
    if (!(TRANSFER_FORMATS as readonly unknown[]).includes(format))
      causes.push({ path: "/format", message: "must be csv or json" });
    if (causes.length) throw validationErrorFromCauses(causes);
    const { filters } = parseListQuery(model, query.filters === undefined ? {} : { filters: query.filters });
    const view: View = model.published && !(await mayEdit(app, request, model)) ? "published" : "working";
    const visible = await visibleTo(request, filters, view);
    const pages =
      view === "working" ? keysetPages(repository, visible) : withoutPublishedAt(keysetPages(published, visible));
    const name = `${model.id.replace("/", "-")}.${format}`;
    reply.header("content-disposition", `attachment; filename="${name}"`);
    reply.header("cache-control", "no-store");
    if (format === "csv") {
      reply.type("text/csv; charset=utf-8");
      return reply.send(Readable.from(csvText(repository, pages)));
    }
    reply.type("application/json; charset=utf-8");
    return reply.send(Readable.from(jsonText(pages)));
  });
}

async function* csvText(repository: Repository, pages: AsyncIterable<Record<string, unknown>[]>) {
  const columns = exportColumns(repository.model);
  yield csvLine(columns.map((c) => c.header));
  for await (const page of pages) yield page.map((record) => csvLine(columns.map((c) => cellOf(record, c)))).join("");
}

/** Published copies as the working copies' export has them: without the published table's own column. */
async function* withoutPublishedAt(pages: AsyncIterable<Record<string, unknown>[]>) {
  for await (const page of pages) yield page.map(({ [PUBLISHED_AT]: _publishedAt, ...record }) => record);
}

/** A JSON array of the records, one a line, as the list answers them. */
async function* jsonText(pages: AsyncIterable<Record<string, unknown>[]>) {
  let first = true;
  yield "[";
  for await (const page of pages) {
    yield page.map((record) => `${first ? ((first = false), "\n") : ",\n"}${JSON.stringify(record)}`).join("");
  }
  yield "\n]\n";
}
