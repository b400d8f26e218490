import querystring from "node:querystring";
import qs from "qs";

/** Bracketed queries (filters[and][0][column]=…, docs/api.md), with qs's limits raised for long filter lists. */
const QS_OPTIONS = { depth: 6, arrayLimit: 1000, parameterLimit: 5000 } as const;

/**
 * Fastify's querystringParser: qs for a query with brackets, the plain parser (much cheaper) for
 * any other. A bracketed query is read as qs reads it, its work done once per shape (below).
 */
export function queryStringParser(): (text: string) => Record<string, unknown> {
  const bracketed = bracketedQueries();
  // No query at all (most writes, most pages): nothing to parse.
  return (text) => (text === "" ? {} : /\[|%5b/i.test(text) ? bracketed(text) : { ...querystring.parse(text) });
}

/**
 * Where each value goes in what qs makes of a query: the index of the value (the query's n-th
 * `key=value` pair), or a list or object of such places.
 */
type Place = number | Place[] | { [key: string]: Place };

/** Shapes kept at most; a client sending ever new ones only makes the cache start again. */
const SHAPES_MAX = 1000;

/**
 * qs.parse, with what it works out from the keys alone done once per shape of query. A list page
 * asks with the same keys each time (`filters[and][0][column]`, `…[method]`, `…[value]`) and
 * only the values change, yet qs splits, decodes and merges the keys anew for every request:
 * more CPU than the rest of the query's handling. So for each sequence of keys, qs reads the
 * query once with a marker for each value, and the places the markers landed are kept; a query
 * of that shape is then the same structure, built afresh, with its decoded values in those
 * places. What qs makes of a value can depend on the value in one case only, an empty one (its
 * merge drops it), so a query with an empty value or a key without `=` goes to qs itself, as does
 * a shape whose markers do not each land once as a value. tests/api/query-string.property.test.ts
 * checks the two agree on generated queries.
 */
function bracketedQueries(): (text: string) => Record<string, unknown> {
  const shapes = new Map<string, Builder | null>();
  return (text) => {
    // What qs does first: escaped brackets read as brackets, at most parameterLimit pairs.
    const clean = /%5[bd]/i.test(text) ? text.replace(/%5B/gi, "[").replace(/%5D/gi, "]") : text;
    const pairs = clean.split("&", QS_OPTIONS.parameterLimit);
    const keys: string[] = [];
    const values: string[] = [];
    for (const pair of pairs) {
      // qs's split point: after a `]` followed by `=`, else the first `=`.
      const bracketEquals = pair.indexOf("]=");
      const at = bracketEquals === -1 ? pair.indexOf("=") : bracketEquals + 1;
      if (at === -1 || at === pair.length - 1) return qs.parse(text, QS_OPTIONS);
      keys.push(pair.slice(0, at));
      values.push(decodeValue(pair.slice(at + 1)));
    }
    const shape = keys.join("&");
    let builder = shapes.get(shape);
    if (builder === undefined) {
      if (shapes.size >= SHAPES_MAX) shapes.clear();
      const places = placesOf(keys);
      shapes.set(shape, (builder = places === null ? null : builderOf(places)));
    }
    return builder === null ? qs.parse(text, QS_OPTIONS) : (builder(values) as Record<string, unknown>);
  };
}

/** The marker qs is given as the n-th value: no `&`, `=`, `]`, `%` or `+`, so it reaches the result as it is. */
const marker = (index: number) => `\u0000${index}\u0000`;
const MARKER = /^\u0000(\d+)\u0000$/;

/** Where qs puts each of these keys' values, or null when the shape must go to qs every time. */
function placesOf(keys: string[]): Place | null {
  const parsed = qs.parse(keys.map((key, i) => `${key}=${marker(i)}`).join("&"), QS_OPTIONS);
  const seen = new Set<number>();
  const placeOf = (value: unknown): Place | null => {
    if (typeof value === "string") {
      const index = MARKER.exec(value)?.[1];
      if (index === undefined || seen.has(Number(index))) return null;
      seen.add(Number(index));
      return Number(index);
    }
    if (Array.isArray(value)) {
      const list: Place[] = [];
      for (const item of value) {
        const place = placeOf(item);
        if (place === null) return null;
        list.push(place);
      }
      return list;
    }
    if (typeof value !== "object" || value === null) return null;
    const object: { [key: string]: Place } = Object.create(null);
    for (const [key, item] of Object.entries(value)) {
      // A marker as a key (qs made a value into a key) or a key no plain object may hold.
      if (key.includes("\u0000") || key === "__proto__") return null;
      const place = placeOf(item);
      if (place === null) return null;
      object[key] = place;
    }
    return object;
  };
  const places = placeOf(parsed);
  return places !== null && seen.size === keys.length ? places : null;
}

/** Makes the structure of `places`, new each time, with the values in their places. */
type Builder = (values: string[]) => unknown;

/** A shape's builder, made once: each object's keys listed with the builder of each value (no walk over the places per query). */
function builderOf(place: Place): Builder {
  if (typeof place === "number") return (values) => values[place];
  if (Array.isArray(place)) {
    const items = place.map(builderOf);
    return (values) => items.map((item) => item(values));
  }
  const keys = Object.keys(place);
  const items = keys.map((key) => builderOf(place[key]!));
  return (values) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) object[keys[i]!] = items[i]!(values);
    return object;
  };
}

/** A value decoded as qs decodes it (utf-8): `+` is a space, and a malformed escape is left as it came. */
function decodeValue(value: string): string {
  const spaced = value.includes("+") ? value.replace(/\+/g, " ") : value;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
