// Property, beside no-500.property.test.ts (the generic routes): the page composer's blocks API
// and the public site's paths never answer 5xx. Blocks: modules and variants drawn from the
// catalogue, from the names every object inherits, and from anywhere; only a catalogue pair is
// ever added. Paths: percent-escapes of every kind ("%25", "%00", "%2500", invalid UTF-8),
// under / and /ru/, as a visitor's address and as find-by-url's `url`.
import fc, { type Arbitrary } from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockCatalogue, CHILD_KINDS } from "../../common/site/block-catalogue.js";
import { bodyRequest, describeRequest, encodingArb, malformedSegments, type Sent } from "../helpers/arbitraries.js";
import { errorBodyProblems } from "../helpers/build-record.js";
import { announcedSeed, seedFor } from "../helpers/fc-seed.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage, write } from "../site/fixtures.js";

const numRuns = Number(process.env.FC_RUNS ?? 30);
const seed = announcedSeed();
/** Keys every plain object answers to without owning them. */
const INHERITED = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
];
const MODULES = Object.keys(blockCatalogue);
const VARIANTS = [...new Set(Object.values(blockCatalogue).flatMap((variants) => Object.keys(variants)))];
const isCataloguePair = (module: string, variant: string) =>
  Object.hasOwn(blockCatalogue, module) && Object.hasOwn(blockCatalogue[module]!, variant);

type Answer = { status: number; body: any };

const run = <T>(arb: Arbitrary<T>, predicate: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arb, predicate), {
    numRuns,
    seed: seedFor(expect.getState().currentTestName ?? "", seed),
  });

function fail(why: string, sent: Sent, answer: { status: number; body: unknown }): never {
  const body =
    typeof answer.body === "string" ? answer.body.slice(0, 300) : JSON.stringify(answer.body)?.slice(0, 1500);
  throw new Error(`${why}\n  request: ${describeRequest(sent)}\n  answer:  ${answer.status} ${body}`);
}

/** An API answer: no 5xx, and every 4xx with docs/api.md's error body. */
function checkApiAnswer(sent: Sent, answer: Answer, allowed: number[]) {
  if (answer.status >= 500) fail(`a ${answer.status}`, sent, answer);
  if (answer.status >= 400) {
    const problems = errorBodyProblems(answer.status, answer.body);
    if (problems.length) fail(`error body not as docs/api.md says: ${problems.join("; ")}`, sent, answer);
  }
  if (!allowed.includes(answer.status)) fail(`expected ${allowed.join(" or ")}, got ${answer.status}`, sent, answer);
}

describe(`no 5xx from the blocks API and the site's paths on ${testDialect}`, () => {
  let t: TestApp;
  let pageId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    pageId = (await buildPage(t, "/about", 0, "About")).pageId;
    await buildPage(t, "/a%00b", 0, "Percent");
    productId = (
      await write(t, (create) =>
        create("ecommerce/products", { adminTitle: "Mug", title: { en: "Mug" }, type: "one_off" }),
      )
    ).id;
  });
  afterAll(() => t?.close());

  const send = (sent: Sent): Promise<Answer> =>
    t.request({ method: sent.method, url: sent.url, headers: sent.headers, payload: sent.payload });

  describe("blocks API", () => {
    const nameArb = (known: string[]) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...known) },
        { weight: 4, arbitrary: fc.constantFrom(...INHERITED) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      );
    const idsArb = fc.array(fc.oneof(fc.constant("PRODUCT"), fc.uuid(), fc.constantFrom(...INHERITED)), {
      maxLength: 2,
    });
    const contentArb = fc.option(
      fc.oneof(
        fc.record(
          {
            title: fc.oneof(
              fc.string({ maxLength: 10 }),
              fc.dictionary(fc.constantFrom("en", "ru", ...INHERITED), fc.string({ maxLength: 10 })),
            ),
          },
          { requiredKeys: [] },
        ),
        // Child kinds, and inherited names where a kind goes (an own "__proto__" key in the JSON).
        fc.dictionary(fc.constantFrom(...CHILD_KINDS, ...INHERITED), idsArb, { maxKeys: 2 }),
      ),
      { nil: undefined },
    );
    const blockArb = fc.record(
      { module: nameArb(MODULES), variant: nameArb(VARIANTS), content: contentArb },
      { requiredKeys: ["module", "variant"] },
    );

    it("POST /api/host/pages/{id}/blocks: a 201 for a catalogue pair at most, else a 400", async () => {
      await run(fc.tuple(blockArb, encodingArb), async ([block, encoding]) => {
        const data = JSON.parse(JSON.stringify(block).replaceAll('"PRODUCT"', JSON.stringify(productId)));
        const sent = bodyRequest("POST", `/api/host/pages/${pageId}/blocks`, data, encoding);
        const answer = await send(sent);
        checkApiAnswer(sent, answer, isCataloguePair(block.module, block.variant) ? [201, 400] : [400]);
      });
    });

    it("GET blocks in any language, and PATCH an order of any ids", async () => {
      const cases = fc.oneof(
        fc
          .oneof(fc.constantFrom("en", "ru", ...INHERITED), fc.string({ maxLength: 12 }))
          .map((language): [Sent, number[]] => [
            { method: "GET", url: `/api/host/pages/${pageId}/blocks?language=${encodeURIComponent(language)}` },
            [200, 400],
          ]),
        fc
          .tuple(fc.array(fc.oneof(fc.uuid(), fc.constantFrom(...INHERITED)), { maxLength: 3 }), encodingArb)
          .map(([ids, encoding]): [Sent, number[]] => [
            bodyRequest("PATCH", `/api/host/pages/${pageId}/blocks/order`, { ids }, encoding),
            [200, 400],
          ]),
      );
      await run(cases, async ([sent, allowed]) => checkApiAnswer(sent, await send(sent), allowed));
    });
  });

  describe("site paths", () => {
    // Most pieces are escapes a path may hold (each a request that reaches the page resolver);
    // a NUL or a broken escape refuses the whole address, so those are fewer.
    const pieceArb = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "%25",
          "%2500",
          "%252500",
          "%2525",
          "%2F",
          "%3F",
          "%23",
          "%5C",
          "%61pi",
          "a%2500b",
          "100%25",
          "%D0%BE",
          "about",
          "ru",
          "en",
          "..",
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom("%00", ...malformedSegments, "%FF", "%ED%A0%80", "%C3%28") },
      { weight: 2, arbitrary: fc.string({ maxLength: 6, unit: "binary" }).map(encodeURIComponentLoose) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9%._~-]{0,8}$/) },
    );
    const segmentArb = fc.array(pieceArb, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(""));
    const pathArb = fc
      .tuple(fc.constantFrom("/", "/ru/", "/en/"), fc.array(segmentArb, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([prefix, segments, slash]) => `${prefix}${segments.join("/")}${slash ? "/" : ""}`);

    it("a visitor's address under / and /ru/ never answers 5xx", async () => {
      await run(pathArb, async (path) => {
        const sent: Sent = { method: "GET", url: path };
        const response = await t.app.inject({ method: "GET", url: path });
        const answer = { status: response.statusCode, body: response.body };
        if (answer.status >= 500) fail(`a ${answer.status}`, sent, answer);
        if (![200, 301, 400, 404].includes(answer.status))
          fail(`expected a page, a redirect, a 400 or a 404, got ${answer.status}`, sent, answer);
      });
    });

    it("find-by-url with any address never answers 5xx", async () => {
      await run(pathArb, async (path) => {
        const sent: Sent = { method: "GET", url: `/api/host/pages/find-by-url?url=${encodeURIComponent(path)}` };
        checkApiAnswer(sent, await send({ ...sent, headers: {} }), [200, 400, 404]);
      });
    });
  });
});

/** encodeURIComponent, keeping a lone surrogate as an invalid escape instead of throwing. */
function encodeURIComponentLoose(text: string): string {
  return [...text].map((c) => (/[\uD800-\uDFFF]/.test(c) ? "%ED%A0%80" : encodeURIComponent(c))).join("");
}
