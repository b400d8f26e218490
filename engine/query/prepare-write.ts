import { validationError, validationErrorFromCauses, type ErrorCause } from "../errors.js";
import { fieldTypeOf } from "../schema/field-types/index.js";
import type { Model } from "../schema/model.js";
import { indexedTextProblem, jsonLimitProblem } from "./json-limits.js";
import { causesOf, validatorsFor } from "./validators.js";

export type Row = Record<string, unknown>;

/**
 * The server keeps these; a client that sends them back (a form round-trip) is not an error. An
 * x-drafts record's `publication` is read-only too (docs/drafts.md).
 */
const serverMaintained = (model: Model, mode: "create" | "update") =>
  new Set([
    ...model.fields.filter((f) => f.readOnly && (mode === "update" || f.name !== "id")).map((f) => f.name),
    ...(model.drafts ? ["publication"] : []),
  ]);

/** What prepareWrite needs to know of a field, looked up once per model. */
interface FieldPlan {
  hidden: boolean;
  required: boolean;
  /** Its type's write rules. */
  write: FieldWrite | undefined;
  /** A text behind an index: unique, x-index, or part of a unique-together set. */
  indexedText: boolean;
}

/** What prepareWrite needs of a model, worked out once per model rather than on every write. */
interface WritePlan {
  serverMaintained: Record<"create" | "update", Set<string>>;
  fields: Map<string, FieldPlan>;
}
type FieldWrite = NonNullable<ReturnType<typeof fieldTypeOf>["write"]>;

const plans = new WeakMap<Model, WritePlan>();
function planOf(model: Model): WritePlan {
  let plan = plans.get(model);
  if (!plan) {
    plan = {
      serverMaintained: { create: serverMaintained(model, "create"), update: serverMaintained(model, "update") },
      fields: new Map(
        model.fields.map((f) => [
          f.name,
          {
            hidden: f.hidden === true,
            required: f.required === true,
            write: fieldTypeOf(f.kind).write,
            indexedText: indexedText(model, f),
          },
        ]),
      ),
    };
    plans.set(model, plan);
  }
  return plan;
}

/**
 * Checks one record sent by a client and returns what may be written, in a new object the caller
 * owns. Hidden fields are refused (never silently dropped), server-maintained fields ignored, and
 * a cleared number ("" from a form) becomes null. Throws a Validation error listing every problem.
 */
export function prepareWrite(
  model: Model,
  raw: unknown,
  mode: "create" | "update",
  prefix = "",
  options: { trusted?: boolean } = {},
): Row {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw validationError(`${prefix || "/"} data must be an object`, [
      { path: prefix || "/", message: "must be an object" },
    ]);
  }
  const plan = planOf(model);
  const dropped = plan.serverMaintained[mode];
  // The record is copied field by field as it is checked (the client's object stays as sent).
  const data: Row = {};
  let causes: ErrorCause[] | undefined;
  /** Paths already refused here, whose Ajv error ("must be string") would only repeat it. */
  let refused: Set<string> | undefined;
  for (const name of Object.keys(raw)) {
    if (dropped.has(name)) continue;
    let value = (raw as Row)[name];
    const field = plan.fields.get(name);
    if (field === undefined) {
      // The validator names unknown fields; `__proto__` too, kept as an own key as a spread would.
      if (name === "__proto__")
        Object.defineProperty(data, name, { value, enumerable: true, writable: true, configurable: true });
      else data[name] = value;
      continue;
    }
    if (field.hidden && !options.trusted) {
      (causes ??= []).push({ path: `${prefix}/${name}`, message: "is not a writable field" });
      data[name] = value;
      continue;
    }
    const problem = jsonLimitProblem(value) ?? (field.indexedText ? indexedTextProblem(value) : undefined);
    if (problem) (causes ??= []).push({ path: `${prefix}/${name}`, message: problem });
    const write = field.write;
    if (write !== undefined) {
      if (!field.required && value === "" && write.emptyIsNull) value = null;
      // The type's own form of a value (a decimal sent as an exact JSON number becomes its text),
      // or its own cause, which the validator's would only repeat.
      if (write.normalise && value != null) {
        const normal = write.normalise(value);
        if ("value" in normal) value = normal.value;
        else {
          const path = `${prefix}/${name}`;
          (causes ??= []).push({ path, message: normal.message });
          (refused ??= new Set()).add(path);
        }
      }
    }
    data[name] = value;
  }
  const validate = validatorsFor(model, options.trusted)[mode];
  if (!validate(data)) (causes ??= []).push(...causesOf(validate.errors, prefix).filter((c) => !refused?.has(c.path)));
  if (causes) throw validationErrorFromCauses(dedupe(causes));
  return data;
}

/** A text column behind an index: unique, x-index, or part of a unique-together set. */
const indexedText = (model: Model, field: Model["fields"][number]) =>
  fieldTypeOf(field.kind).write?.indexedText === true &&
  (field.unique || field.index || model.uniqueTogether.some((set) => set.includes(field.name)));

const dedupe = (causes: ErrorCause[]) => [...new Map(causes.map((c) => [`${c.path} ${c.message}`, c])).values()];

/** Values as the driver should bind them, as each field's type says: JSON columns as JSON text. */
export function toColumns(model: Model, data: Row): Row {
  return toColumnsInPlace(model, { ...data });
}

/** toColumns on a row the caller owns (a copy made for this write): its values replaced where they are. */
export function toColumnsInPlace(model: Model, row: Row): Row {
  const fields = planOf(model).fields;
  for (const name in row) {
    const value = row[name];
    if (value === null || value === undefined) continue;
    const bind = (fields.get(name) ?? { write: fieldTypeOf(model.fieldMap.get(name)!.kind).write }).write?.bind;
    if (bind) row[name] = bind(value);
  }
  return row;
}
