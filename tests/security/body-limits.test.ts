import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, urlencoded } from "../helpers/bodies.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH } from "../rbac/helpers.js";

// A route's body limit holds whatever form the body takes (JSON,
// urlencoded, multipart), and an error body stays small however many causes there are.
const KiB = 1024;
const text = (bytes: number) => "x".repeat(bytes);

type Form = "json" | "urlencoded" | "multipart";
async function body(form: Form, data: unknown) {
  if (form === "json") return { payload: JSON.stringify({ data }), headers: { "content-type": "application/json" } };
  if (form === "urlencoded") return urlencoded(data);
  return multipart(data);
}

describe(`body limits hold for every body type, on ${testDialect}`, () => {
  let t: TestApp;
  let formId: string;
  const storedRequests = async () =>
    (await t.request({ method: "GET", url: "/api/crm/requests/count" })).body.data as number;
  beforeAll(async () => {
    t = await createTestApp();
    formId = (await t.request({ method: "POST", url: "/api/crm/forms", payload: { data: { slug: "contact" } } })).body
      .data.id;
  });
  afterAll(() => t.close());

  const cases: [route: string, limit: string, over: number, under: number][] = [
    ["crm form request", "64 KiB", 900 * KiB, 32 * KiB],
    ["sign-in", "16 KiB", 500 * KiB, 0],
    ["generic create", "1 MiB", 2 * 1024 * KiB, 0],
  ];
  const forms: Form[] = ["json", "urlencoded", "multipart"];
  const url = (route: string) =>
    route === "crm form request"
      ? `/api/crm/forms/${formId}/requests`
      : route === "sign-in"
        ? `${AUTH}/email-and-password/authentication`
        : "/api/blog/articles";
  const dataOf = (route: string, bytes: number) =>
    route === "sign-in"
      ? { login: "ann@example.com", password: text(bytes) }
      : route === "crm form request"
        ? { message: text(bytes) }
        : { slug: "big", adminTitle: text(bytes) };

  for (const [route, limit, over] of cases) {
    it.each(forms)(`${route} (${limit}): a larger %s body is a 413 and stores nothing`, async (form) => {
      const before = await storedRequests();
      const response = await t.request({
        method: "POST",
        url: url(route),
        key: route === "generic create" ? undefined : null,
        ...(await body(form, dataOf(route, over))),
      });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe("PAYLOAD_TOO_LARGE");
      expect(response.body.message).toMatch(/^Payload Too Large error: /);
      expect(await storedRequests()).toBe(before);
    });
  }

  it.each(forms)("crm form request: a %s body under the limit is stored (the control case)", async (form) => {
    const response = await t.request({
      method: "POST",
      url: url("crm form request"),
      key: null,
      ...(await body(form, dataOf("crm form request", 32 * KiB))),
    });
    expect(response.status).toBe(201);
  });

  it("sign-in: many small multipart fields add up to the same limit", async () => {
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, text(1 * KiB)]));
    const response = await t.request({
      method: "POST",
      url: url("sign-in"),
      key: null,
      ...(await multipart({ login: "ann@example.com", password: "12345678" }, {}, fields)),
    });
    expect(response.status).toBe(413);
  });

  // 40,000 keys: each form still fits the generic routes' 1 MiB (urlencoded triples the quotes).
  it.each(forms)("a %s data of 40,000 keys answers a small error body with a bounded list of causes", async (form) => {
    const data = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1]));
    const response = await t.request({ method: "POST", url: "/api/blog/articles", ...(await body(form, data)) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body).length).toBeLessThan(8 * KiB);
    const error = response.body;
    expect(error.cause.length).toBeLessThanOrEqual(20);
    expect(error.message).toMatch(/^Validation error: \/k0 .*, \/k19 [^,]+ and 39980 more$/);
  });
});
