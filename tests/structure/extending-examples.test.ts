import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldType } from "../../engine/schema/field-types/field-type.js";
import { registerFieldType } from "../../engine/schema/field-types/index.js";
import type { ProviderDefinition } from "../../server/modules/billing/providers/definition.js";
import { PAYMENT_PROVIDERS } from "../../server/modules/billing/providers/index.js";
import { modules } from "../../server/modules/index.js";
import type { Module } from "../../server/modules/module.js";
import { hmacHex } from "../../server/modules/billing/signatures.js";
import { providerChecks } from "../billing/provider-checks.js";
import { examplesOf, writeExamples } from "../helpers/doc-examples.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// docs/extending.md's worked examples are the test's input: each block marked `<!-- file: … -->`
// is written out (tests/helpers/doc-examples.ts) and put through the checks every one of its kind
// gets. Change the page and this test changes with it.

const PAGE = join(import.meta.dirname, "../../docs/extending.md");
const files = examplesOf(readFileSync(PAGE, "utf8"));
const written = writeExamples(files);
afterAll(() => written.cleanup());

const load = async (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(written.pathOf(path)).href);
const exampleOf = (pattern: RegExp) => [...files.keys()].find((path) => pattern.test(path));

it("the page has a field type with its test, a payment provider and a module, each marked with its file", () => {
  expect(exampleOf(/^engine\/schema\/field-types\/[^/]+\.ts$/)).toBeDefined();
  expect(exampleOf(/^server\/modules\/billing\/providers\/[^/]+\.ts$/)).toBeDefined();
  expect(exampleOf(/^tests\/engine\/field-types\/[^/]+\.test\.ts$/)).toBeDefined();
  expect(exampleOf(/^server\/modules\/[^/]+\/index\.ts$/)).toBeDefined();
});

// The field type: registered as its line in the list would (registerFieldType), then its own
// test from the page runs here, with every case its examples give (tests/helpers/field-type-cases.ts).
const typeFile = exampleOf(/^engine\/schema\/field-types\/[^/]+\.ts$/)!;
const typeTest = exampleOf(/^tests\/engine\/field-types\/[^/]+\.test\.ts$/)!;
const fieldType = Object.values(await load(typeFile)).find(
  (e): e is FieldType => typeof e === "object" && e !== null && "kind" in e && "matches" in e,
)!;
const unregister = registerFieldType(fieldType);
afterAll(() => unregister());
describe(`docs/extending.md's field type (${typeFile}) through its test (${typeTest})`, async () => {
  await load(typeTest);
});

describe(`docs/extending.md's module with a public route, on ${testDialect}`, () => {
  const moduleFile = exampleOf(/^server\/modules\/[^/]+\/index\.ts$/)!;
  let t: TestApp;
  let operations: { url: string; access: string }[];
  beforeAll(async () => {
    const module = Object.values(await load(moduleFile)).find(
      (e): e is Module => typeof e === "function" && "moduleName" in e,
    )!;
    t = await createTestApp({}, { modules: [...modules, module] });
    await t.app.ready();
    const { body } = await t.request({ method: "GET", url: "/api/openapi.json", key: null });
    operations = Object.entries<Record<string, any>>(body.paths)
      .filter(([, item]) => item.get?.tags?.includes(module.moduleName))
      .map(([template, item]) => ({
        url: template.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000001"),
        access: item.get["x-default-access"],
      }));
  });
  afterAll(async () => t?.close());

  it("documents a public route and a signed-in one", () => {
    expect(operations.map((o) => o.access).sort()).toEqual(["anyone", "signed-in"]);
  });

  it("serves its public route to a visitor, with no permission migration", async () => {
    for (const { url } of operations.filter((o) => o.access === "anyone")) {
      const answer = await t.request({ method: "GET", url, key: null });
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it("answers its signed-in route with 401 to a visitor", async () => {
    for (const { url } of operations.filter((o) => o.access === "signed-in")) {
      expect((await t.request({ method: "GET", url, key: null })).status, url).toBe(401);
    }
  });
});

// The payment provider: added to the list as a test may (paymentProviderDefinitions), its settings
// in the variables it reads (config.environment), its API a loopback peer speaking what the page
// says; then the checks every provider passes (tests/billing/provider-checks.ts).
const providerFile = exampleOf(/^server\/modules\/billing\/providers\/[^/]+\.ts$/);
const provider =
  providerFile &&
  Object.values(await load(providerFile)).find(
    (e): e is ProviderDefinition => typeof e === "object" && e !== null && "fromEnv" in e && "create" in e,
  );
describe.runIf(provider)(`docs/extending.md's payment provider (${providerFile}), on ${testDialect}`, () => {
  if (!provider) return;
  const API_KEY = "acme test key";
  providerChecks({
    name: provider.name,
    config: (peerUrl) => ({
      paymentProviderDefinitions: [...PAYMENT_PROVIDERS, provider],
      environment: { ACMEPAY_API_KEY: API_KEY, ACMEPAY_API_URL: peerUrl },
    }),
    payment(request, made, peerUrl) {
      if (request.method !== "POST" || request.path !== "/payments")
        return { answer: { status: 404, body: "{}" }, providerId: "", paymentUrl: "" };
      if (request.headers.authorization !== `Bearer ${API_KEY}`)
        return { answer: { status: 401, body: "{}" }, providerId: "", paymentUrl: "" };
      const id = `acme_${made}`;
      return {
        answer: { body: JSON.stringify({ id, url: `${peerUrl}/pay/${id}` }) },
        providerId: id,
        paymentUrl: `${peerUrl}/pay/${id}`,
      };
    },
    notification({ kind, eventId, invoice, amount, currency }, secret = API_KEY) {
      const body = JSON.stringify({ status: kind, id: invoice.providerId, eventId, amount, currency });
      return { body, headers: { "content-type": "application/json", "x-acme-signature": hmacHex(secret, body) } };
    },
  });
});
