import { validationError, validationErrorFromCauses, type ErrorCause } from "../errors.js";
import { fieldTypeOf } from "../schema/field-types/index.js";
import type { Model } from "../schema/model.js";
import { indexedTextProblems, jsonLimitProblems } from "./json-limits.js";
import { causesOf, validatorsFor } from "./validators.js";

export type Row = Record<string, unknown>;

/**
 * The server keeps these; a client that sends them back (a form round-trip) is not an error. An
 * x-drafts record's `publication` is read-only too (docs/drafts.md).
 */
const serverMaintained = (model: Model, mode: "create" | "update") => [
  ...model.fields.filter((f) => f.readOnly && (mode === "update" || f.name !== "id")).map((f) => f.name),
  ...(model.drafts ? ["publication"] : []),
];

/** What prepareWrite needs of a model, worked out once per model rather than on every write. */
interface WritePlan {
  serverMaintained: Record<"create" | "update", string[]>;
  /** Per field name: its type's write rules, and whether it is a text behind an index. */
  fields: Map<string, { write: FieldWrite | undefined; indexedText: boolean }>;
}
type FieldWrite = NonNullable<ReturnType<typeof fieldTypeOf>["write"]>;

const plans = new WeakMap<Model, WritePlan>();
function planOf(model: Model): WritePlan {
  let plan = plans.get(model);
  if (!plan) {
    plan = {
      serverMaintained: { create: serverMaintained(model, "create"), update: serverMaintained(model, "update") },
      fields: new Map(model.fields.map((f) => [f.name, { write: fieldTypeOf(f.kind).write, indexedText: indexedText(model, f) }])),
    };
    plans.set(model, plan);
  }
  return plan;
}

/**
 * Checks one record sent by a client and returns what may be written. Hidden fields are refused
 * (never silently dropped), server-maintained fields ignored, and a cleared number ("" from a
 * form) becomes null. Throws a Validation error listing every problem.
 */
export function prepareWrite(model: Model, raw: unknown, mode: "create" | "update", prefix = "", options: { trusted?: boolean } = {}): Row {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw validationError(`${prefix || "/"} data must be an object`, [{ path: prefix || "/", message: "must be an object" }]);
  }
  const data: Row = { ...(raw as Row) };
  const causes: ErrorCause[] = [];
  /** Paths already refused here, whose Ajv error ("must be string") would only repeat it. */
  let refused: Set<string> | undefined;
  const plan = planOf(model);
  for (const name of plan.serverMaintained[mode]) delete data[name];
  for (const name in data) {
    const value = data[name];
    const field = model.fieldMap.get(name);
    if (!field) continue; // the validator names unknown fields
    if (field.hidden && !options.trusted) {
      causes.push({ path: `${prefix}/${name}`, message: "is not a writable field" });
      continue;
    }
    const { write, indexedText } = plan.fields.get(name)!;
    const path = `${prefix}/${name}`;
    const tooDeep = jsonLimitProblems(value, path);
    if (tooDeep.length) causes.push(...tooDeep);
    if (indexedText) {
      const tooLong = indexedTextProblems(value, path);
      if (tooLong.length) causes.push(...tooLong);
    }
    if (!field.required && value === "" && write?.emptyIsNull) data[name] = null;
    // The type's own form of a value (a decimal sent as an exact JSON number becomes its text),
    // or its own cause, which the validator's would only repeat.
    if (write?.normalise && data[name] != null) {
      const normal = write.normalise(data[name]);
      if ("value" in normal) data[name] = normal.value;
      else {
        causes.push({ path, message: normal.message });
        (refused ??= new Set()).add(path);
      }
    }
  }
  const validate = validatorsFor(model, options.trusted)[mode];
  if (!validate(data)) causes.push(...causesOf(validate.errors, prefix).filter((c) => !refused?.has(c.path)));
  if (causes.length) throw validationErrorFromCauses(dedupe(causes));
  return data;
}

/** A text column behind an index: unique, x-index, or part of a unique-together set. */
const indexedText = (model: Model, field: Model["fields"][number]) =>
  fieldTypeOf(field.kind).write?.indexedText === true && (field.unique || field.index || model.uniqueTogether.some((set) => set.includes(field.name)));

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
