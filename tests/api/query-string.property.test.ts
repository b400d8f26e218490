import fc from "fast-check";
import qs from "qs";
import { describe, expect, it } from "vitest";
import { queryStringParser } from "../../server/plugins/query-string.js";

// The query-string parser reads a bracketed query as qs reads it, but works out each shape of
// keys once (server/plugins/query-string.ts). Whatever the keys and values, it must answer what
// qs answers: the same structure, the same values, the same quirks (merges, duplicates, limits).
const QS_OPTIONS = { depth: 6, arrayLimit: 1000, parameterLimit: 5000 };

/** Key segments: names, indices (small, large, past the array limit), `[]`, prototype names, escapes. */
const segmentArb = fc.oneof(
  fc.constantFrom("filters", "and", "or", "column", "method", "value", "orderBy", "limit", "a", "b"),
  fc.constantFrom("0", "1", "2", "10", "999", "1000", "1001", "01", "-1"),
  fc.constantFrom(
    "",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "a.b",
    "x=y",
    "%5B",
    "%5D",
    "%zz",
    "é",
    "%C3%A9",
  ),
  fc.stringMatching(/^[a-z0-9_.-]{1,6}$/),
);

/** A key: a root and up to eight bracketed segments (past qs's depth of 6), sometimes with escaped brackets. */
const keyArb = fc
  .tuple(
    fc.oneof(segmentArb, fc.constantFrom("filters", "orderBy")),
    fc.array(segmentArb, { maxLength: 8 }),
    fc.boolean(),
  )
  .map(([root, segments, escaped]) => {
    const key = root + segments.map((s) => `[${s}]`).join("");
    return escaped ? key.replace(/\[/g, "%5B").replace(/\]/g, "%5D") : key;
  });

/** Values: plain, empty, spaces as `+`, escapes good and malformed, brackets and `=` inside. */
const valueArb = fc.oneof(
  fc.constantFrom(
    "",
    "slug",
    "eq",
    "a+b",
    "a%20b",
    "%",
    "%zz",
    "%E0%A4%A",
    "%C3%A9",
    "x=y",
    "[1]",
    "a]=b",
    "toString",
    "__proto__",
    "true",
    "0",
  ),
  fc.stringMatching(/^[a-zA-Z0-9%+=\][._~-]{0,12}$/),
);

/** A pair as sent: usually `key=value`, sometimes a bare key or an empty part. */
const pairArb = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(keyArb, valueArb).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: keyArb },
  { weight: 1, arbitrary: fc.constant("") },
);

/** Queries of up to 8 pairs, with repeated pairs drawn from a few keys so shapes and duplicates recur. */
const queryArb = fc
  .tuple(fc.array(pairArb, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(7), { maxLength: 4 }))
  .map(([pairs, repeats]) => [...pairs, ...repeats.map((i) => pairs[i % pairs.length]!)].join("&"))
  .filter((text) => /\[|%5b/i.test(text));

describe("bracketed query strings", () => {
  it("read exactly as qs reads them, for any keys and values", () => {
    const parse = queryStringParser();
    fc.assert(
      fc.property(queryArb, (text) => {
        // Twice: the first read works the shape out, the second builds it from what was kept.
        expect(parse(text)).toStrictEqual(qs.parse(text, QS_OPTIONS));
        expect(parse(text)).toStrictEqual(qs.parse(text, QS_OPTIONS));
      }),
      { numRuns: 3000 },
    );
  });

  it("read alike when only the values change (the list pages' case), each answer a structure of its own", () => {
    const parse = queryStringParser();
    const query = (slug: string) =>
      `filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=${slug}&orderBy[and][0][column]=createdAt`;
    fc.assert(
      fc.property(valueArb, valueArb, (one, other) => {
        const first = parse(query(one));
        const second = parse(query(other));
        expect(first).toStrictEqual(qs.parse(query(one), QS_OPTIONS));
        expect(second).toStrictEqual(qs.parse(query(other), QS_OPTIONS));
        expect(second).not.toBe(first);
        expect((second as any).filters).not.toBe((first as any).filters);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [
      "filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=bench-new-1",
      { filters: { and: [{ column: "slug", method: "eq", value: "bench-new-1" }] } },
    ],
    ["a[b]=x&a=y", { a: [{ b: "x" }, "y"] }],
    ["a[]=1&a[]=2&a[]=", { a: ["1", "2", ""] }],
    ["a[__proto__][b]=1", {}],
    ["a%5Bb%5D=c%20d+e", { a: { b: "c d e" } }],
    ["limit=20", { limit: "20" }],
  ])("%s", (text, expected) => {
    const parse = queryStringParser();
    expect(parse(text)).toStrictEqual(qs.parse(text, QS_OPTIONS));
    expect(parse(text)).toStrictEqual(expected);
  });
});
