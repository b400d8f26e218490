import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyRequest } from "fastify";
import { validationError, validationErrorFromCauses, type ErrorCause } from "../../engine/errors.js";
import { addDecimalFormat } from "../../engine/query/decimal.js";
import { isPlainObject } from "../../engine/query/plain-object.js";
import type { JsonSchema } from "../../engine/schema/model.js";
import { dataOf, readBody } from "../plugins/request-data.js";
import { isSameSitePath } from "../security/same-site-path.js";

// Input of hand-written module routes: read from any of the body forms (docs/api.md), checked by a JSON
// Schema. A property may say `x-message` to replace Ajv's wording ("Invalid provider").
const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
addDecimalFormat(ajv);
ajv.addFormat("site-path", isSameSitePath);

export interface InputOptions {
  /** A route whose body may be left out altogether (logout): no body reads as `{}`, not "No data". */
  optional?: boolean;
}

/**
 * A module route's input and the body's other fields, read by the one body reader
 * (plugins/request-data.ts): the `data` of any of the three body forms (JSON `{ data }`,
 * urlencoded `data=<json>`, a multipart part `data`), or else the body's own fields as the input
 * (the original client's bare JSON `{ login, password }`, a form's `refresh=…`); "No data" when
 * there is neither. `fields` are the fields beside `data` (the form-request route's `formId`).
 */
export async function readInputAndFields(
  request: FastifyRequest,
  options: InputOptions = {},
): Promise<{ input: unknown; fields: Record<string, unknown> }> {
  const body = await readBody(request);
  if (body.data !== undefined || body.uploaded) return { input: dataOf(body), fields: body.fields };
  if (Object.keys(body.fields).length > 0) return { input: body.fields, fields: {} };
  if (options.optional) return { input: {}, fields: {} };
  throw validationError("No data", [{ path: "/data", message: "is required" }]);
}

/** A module route's input (see readInputAndFields). */
export async function readInput(request: FastifyRequest, options: InputOptions = {}): Promise<unknown> {
  return (await readInputAndFields(request, options)).input;
}

const causeOf = (e: ErrorObject): ErrorCause => {
  const custom = (e.parentSchema as JsonSchema | undefined)?.["x-message"];
  if (e.keyword === "required") {
    return { path: `${e.instancePath}/${e.params.missingProperty}`, message: "is required" };
  }
  if (e.keyword === "additionalProperties")
    return { path: `${e.instancePath}/${e.params.additionalProperty}`, message: "is not accepted" };
  return { path: e.instancePath || "/", message: typeof custom === "string" ? custom : (e.message ?? "is invalid") };
};

/** Checks one part of a route's input (params, query or body): returns it typed, or throws a Validation error (docs/api.md "Errors"). */
export type Checker<T> = ((value: unknown) => T) & { schema: JsonSchema };

/** A checker for one route's input: returns it typed, or throws a Validation error. Its `schema` documents the route. */
export function inputSchema<T>(schema: JsonSchema): Checker<T> {
  const full = { type: "object", additionalProperties: false, ...schema };
  // Compiled at first use: some forty route checkers compiled at start-up cost a quarter of a
  // second of every start (the tests run each route, so a bad schema still shows up there).
  let validate: ValidateFunction | undefined;
  const check = (value: unknown): T => {
    validate ??= ajv.compile(full);
    if (validate(value)) return value as T;
    const causes = (validate.errors ?? []).map(causeOf);
    // Spec wording for a missing field: '{name} is required'.
    const missing = causes.find((c) => c.message === "is required");
    if (missing && causes.length === 1) throw validationError(`${missing.path.slice(1)} is required`, causes);
    throw validationErrorFromCauses(causes);
  };
  return Object.assign(check, { schema: full });
}

/**
 * A body that must be a JSON object of any fields ("/data must be an object", as the generic
 * routes say), then `fields`' own checks if given. `fields` (open: additionalProperties) documents
 * the fields the route reads.
 */
export function objectInput<T extends Record<string, unknown> = Record<string, unknown>>(
  fields?: Checker<T>,
): Checker<T> {
  const check = (value: unknown): T => {
    if (!isPlainObject(value))
      throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
    return fields ? fields(value) : (value as T);
  };
  return Object.assign(check, { schema: fields?.schema ?? { type: "object" } });
}

export const EMAIL = { type: "string", format: "email", maxLength: 254, "x-message": "must be a valid email" };
export const PASSWORD = { type: "string", minLength: 8, maxLength: 256, "x-message": "must be 8 to 256 characters" };
export const UUID = { type: "string", format: "uuid" };
/** Where a browser is sent back to: a path of this site only (see security/same-site-path.ts). */
export const SITE_PATH = {
  type: "string",
  maxLength: 2000,
  format: "site-path",
  "x-message": "must be a path of this site",
};
