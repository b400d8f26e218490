import { validationError } from "../../../../engine/errors.js";
import { isPlainObject } from "../../../../engine/query/plain-object.js";

const SIZE_LIMIT = 10_000;

/**
 * The original client's generate bodies (docs/api.md "Request shapes the original client sends") as this route's own terms:
 * `{ variant, width, height, ecommerce: { order } }`, or the newer `{ variant, width, height,
 * generateData: { … } }` whose object holds what to draw from. A record named under its module,
 * `{ ecommerce: { order: { id } } }`, is `orderId` (`{ host: { page } }` is `pageId`, and so on).
 * `width` and `height` are checked and not used: each template has its own size (the
 * receipt is 1500×1500), so one drawing serves every caller.
 */
export function generateInput(input: Record<string, unknown>): { variant: unknown; rest: Record<string, unknown> } {
  const { variant, width, height, generateData, ...own } = input;
  for (const [name, value] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && (value as number) > 0 && (value as number) <= SIZE_LIMIT)) {
      throw validationError(`/${name} must be a positive integer up to ${SIZE_LIMIT}`, [
        { path: `/${name}`, message: `must be a positive integer up to ${SIZE_LIMIT}` },
      ]);
    }
  }
  if (generateData !== undefined && !isPlainObject(generateData)) {
    throw validationError("/generateData must be an object", [{ path: "/generateData", message: "must be an object" }]);
  }
  const given: Record<string, unknown> = { ...own, ...(generateData ?? {}) };
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const named = isPlainObject(value) ? recordIds(value) : undefined;
    if (named) Object.assign(rest, named);
    else rest[key] = value;
  }
  return {
    variant: variant ?? given.variant,
    rest: Object.fromEntries(Object.entries(rest).filter(([key]) => key !== "variant")),
  };
}

/** `{ order: { id }, product: { id } }` → `{ orderId, productId }`; undefined when the object is not such a group. */
function recordIds(group: Record<string, unknown>): Record<string, unknown> | undefined {
  const entries = Object.entries(group);
  if (entries.length === 0 || !entries.every(([, record]) => isPlainObject(record) && "id" in record)) return undefined;
  return Object.fromEntries(entries.map(([entity, record]) => [`${entity}Id`, (record as { id: unknown }).id]));
}
