import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appRegistry } from "../helpers/app-registry.js";
import type { Model } from "../../engine/schema/model.js";
import { defaultRoles, IMPLICIT_ROLES } from "../../server/modules/rbac/permissions/default-permissions.js";
import { compilePathPattern, splitPath } from "../../server/modules/rbac/permissions/path-pattern.js";
import { schemaAccessPermissions } from "../../server/modules/rbac/permissions/schema-access.js";
import { SECRET, createTestApp, type TestApp } from "../helpers/test-app.js";
import { PASSWORD, bearer, register, signIn, type SignedIn } from "./helpers.js";

// Every generic route of every model and every module route, called by each kind of caller.
// Which models a visitor may read is derived from what the code declares (the anonymous role's
// default permissions, the schemas' x-access): a model added to a module is then checked by what
// it says, not by a list here. The documented defaults (docs/security.md) still bound it: what is
// never public content is named below, so a default that opens it fails here.

const registry = appRegistry();
const models = registry.exposed;

/** GET grants of the anonymous role: its defaults and the schemas' `x-access: { read: "public" }`. */
const anonymousReads = [
  ...defaultRoles
    .find((r) => r.uid === IMPLICIT_ROLES.everyone)!
    .permissions.map(([method, path]) => ({ method, path })),
  ...schemaAccessPermissions(registry).filter((g) => g.role === IMPLICIT_ROLES.everyone),
]
  .filter((g) => g.method === "GET" || g.method === "*")
  .map((g) => compilePathPattern(g.path));

/** "anonymous may read public content": a model whose list route a visitor's grants match. */
const isPublicContent = (model: Model): boolean =>
  anonymousReads.some((matches) => matches(splitPath(`/api/${model.id}`), undefined));

/** Never public content, whatever a default says (docs/security.md): accounts, orders, payments, the members-only link. */
const neverPublic = (model: Model) =>
  (model.module === "rbac" && model.name !== "widgets") ||
  model.id.startsWith("ecommerce/orders") ||
  ["billing/invoices", "billing/payment-intents", "blog/articles-to-website-builder-module-widgets"].includes(model.id);

test("the public content derived from the defaults opens no model the documented defaults keep private", () => {
  expect(models.filter((m) => isPublicContent(m) && neverPublic(m)).map((m) => m.id)).toEqual([]);
  // The catalogue is public content: the derivation finds it.
  expect(models.filter((m) => m.module === "ecommerce" && isPublicContent(m)).map((m) => m.id)).toContain(
    "ecommerce/products",
  );
});

/**
 * "a subject reads its own rows of the cart's models" (docs/api.md "Request shapes the original client sends"): any signed-in subject
 * may call their read routes, which answer its own rows only (tests/security/owned-cart-reads.test.ts).
 */
const OWN_ROWS_MODELS = [
  "rbac/subjects-to-ecommerce-module-orders",
  "ecommerce/orders",
  "ecommerce/orders-to-products",
];

type CallerName = "anonymous" | "subject" | "other subject" | "admin" | "secret key";
const callers: CallerName[] = ["anonymous", "subject", "other subject", "admin", "secret key"];
const ID = "00000000-0000-4000-8000-000000000000";

interface Route {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: (ownerId: string) => string;
  payload?: unknown;
  /** Who may call it; the rest are refused. */
  allowed: (caller: CallerName) => boolean;
  label: string;
}

const adminOnly = (c: CallerName) => c === "admin" || c === "secret key";

function genericRoutes(model: Model): Route[] {
  const base = `/api/${model.id}`;
  const ownRows = (c: CallerName) => OWN_ROWS_MODELS.includes(model.id) && (c === "subject" || c === "other subject");
  const reads = (c: CallerName) => adminOnly(c) || isPublicContent(model) || ownRows(c);
  const rows: [Route["method"], string, boolean, unknown?][] = [
    ["GET", base, true],
    ["GET", `${base}/count`, true],
    ["GET", `${base}/${ID}`, true],
    ["POST", base, false, { data: {} }],
    ["POST", `${base}/find-or-create`, false, { data: { id: ID } }],
    ["POST", `${base}/bulk`, false, { data: [] }],
    ["PATCH", `${base}/bulk`, false, { data: [] }],
    ["PATCH", `${base}/${ID}`, false, { data: {} }],
    ["DELETE", `${base}/${ID}`, false],
  ];
  return rows.map(([method, url, read, payload]) => ({
    method,
    url: () => url,
    payload,
    allowed: read ? reads : adminOnly,
    label: `${method} ${url.replace(ID, ":id")}`,
  }));
}

const AUTH = "/api/rbac/subjects/authentication";
const everyone = () => true;
/** The subject's own routes: itself, admin and the secret key; never another subject. */
const ownerOnly = (c: CallerName) => c === "subject" || adminOnly(c);
const signedIn = (c: CallerName) => c !== "anonymous";
/** Routes about the caller's own subject: the secret key is nobody, so it gets "sign in first" too. */
const asASubject = (c: CallerName) => c !== "anonymous" && c !== "secret key";

/** Only the subject itself: never another subject, an administrator or the secret key (they would enrol their own factor into its account). */
const itselfOnly = (c: CallerName) => c === "subject";

/**
 * Two-factor sign-in, passkeys, signed-in devices, API keys, email changes and single sign-on
 * (docs/security.md): the steps of a sign-in are open (a token, a challenge or a link is their
 * credential), a subject's factors are its own alone, its devices its own, an admin's and the secret key's.
 */
function accountSecurityRoutes(): Route[] {
  const own = (id: string) => `/api/rbac/subjects/${id}`;
  const rows: [Route["method"], (owner: string) => string, (c: CallerName) => boolean, unknown?][] = [
    ["GET", (o) => `${own(o)}/two-factor`, ownerOnly],
    ["DELETE", (o) => `${own(o)}/two-factor`, adminOnly],
    ["POST", (o) => `${own(o)}/two-factor/totp`, itselfOnly, { data: { password: "x" } }],
    ["POST", (o) => `${own(o)}/two-factor/totp/confirm`, itselfOnly, { data: { code: "123456" } }],
    ["DELETE", (o) => `${own(o)}/two-factor/totp`, itselfOnly, { data: { password: "x", code: "123456" } }],
    ["POST", () => `${AUTH}/two-factor`, everyone, { data: { token: "x".repeat(43), code: "123456" } }],
    ["GET", (o) => `${own(o)}/passkeys`, ownerOnly],
    ["POST", (o) => `${own(o)}/passkeys/options`, itselfOnly, { data: {} }],
    ["POST", (o) => `${own(o)}/passkeys`, itselfOnly, { data: { response: {} } }],
    ["PATCH", (o) => `${own(o)}/passkeys/${ID}`, ownerOnly, { data: { title: "x" } }],
    ["DELETE", (o) => `${own(o)}/passkeys/${ID}`, ownerOnly],
    ["POST", () => `${AUTH}/passkey/options`, everyone, { data: {} }],
    ["POST", () => `${AUTH}/passkey`, everyone, { data: { response: {} } }],
    ["POST", () => `${AUTH}/two-factor/passkey/options`, everyone, { data: { token: "x".repeat(43) } }],
    ["POST", () => `${AUTH}/two-factor/passkey`, everyone, { data: { token: "x".repeat(43), response: {} } }],
    ["GET", (o) => `${own(o)}/sessions`, ownerOnly],
    ["DELETE", (o) => `${own(o)}/sessions/${ID}`, ownerOnly],
    ["POST", () => `${AUTH}/email-and-password/confirm-email`, everyone, { data: { token: "x" } }],
    ["POST", () => `${AUTH}/email-and-password/undo-email-change`, everyone, { data: { token: "x" } }],
    ["GET", () => `${AUTH}/openid-connect`, everyone],
    ["GET", () => `${AUTH}/openid-connect/start`, everyone],
    ["GET", () => `${AUTH}/openid-connect/callback?state=x`, everyone],
    ["GET", (o) => `${own(o)}/api-keys`, ownerOnly],
    ["POST", (o) => `${own(o)}/api-keys`, itselfOnly, { data: { title: "Script", scopes: ["read"] } }],
    ["DELETE", (o) => `${own(o)}/api-keys/${ID}`, ownerOnly],
    // Last: an admin's call signs the owner out everywhere (the module routes' describe signs it in again).
    ["DELETE", (o) => `${own(o)}/sessions`, ownerOnly],
  ];
  return rows.map(([method, url, allowed, payload]) => ({
    method,
    url,
    allowed,
    payload,
    label: `${method} ${url("{id}").replace(AUTH, "authentication")}`,
  }));
}

const moduleRoutes: Route[] = [
  { method: "GET", url: () => `${AUTH}/init`, allowed: everyone, label: "init" },
  { method: "GET", url: () => `${AUTH}/me`, allowed: asASubject, label: "me" },
  {
    method: "GET",
    url: () => `${AUTH}/is-authorized?route=/api/blog/articles&method=GET`,
    allowed: everyone,
    label: "is-authorized",
  },
  { method: "POST", url: () => `${AUTH}/refresh`, payload: { refresh: "x" }, allowed: everyone, label: "refresh" },
  {
    method: "POST",
    url: () => `${AUTH}/email-and-password/authentication`,
    payload: { login: "nobody@example.com", password: PASSWORD },
    allowed: everyone,
    label: "authentication",
  },
  {
    method: "POST",
    url: () => `${AUTH}/email-and-password/registration`,
    payload: { login: "bad" },
    allowed: everyone,
    label: "registration",
  },
  {
    method: "POST",
    url: () => `${AUTH}/email-and-password/forgot-password`,
    payload: { email: "nobody@example.com" },
    allowed: everyone,
    label: "forgot-password",
  },
  {
    method: "POST",
    url: () => `${AUTH}/email-and-password/reset-password`,
    payload: { code: "x" },
    allowed: everyone,
    label: "reset-password",
  },
  { method: "GET", url: () => `${AUTH}/ethereum-virtual-machine/nonce`, allowed: everyone, label: "wallet nonce" },
  {
    method: "POST",
    url: () => `${AUTH}/ethereum-virtual-machine`,
    payload: { message: "x" },
    allowed: everyone,
    label: "wallet sign-in",
  },
  {
    method: "GET",
    url: () =>
      `${AUTH}/is-authorized?permission[route]=/api/blog/articles&permission[method]=GET&permission[type]=HTTP`,
    allowed: everyone,
    label: "is-authorized, the original client's form",
  },
  {
    method: "POST",
    url: () => `/api/crm/forms/${ID}/requests`,
    payload: { data: {} },
    allowed: everyone,
    label: "crm form request",
  },
  // Only in the subject's own name: an admin is refused too (the secret key may do everything).
  {
    method: "POST",
    url: (owner) => `/api/rbac/subjects/${owner}/crm-module/form/${ID}/request`,
    payload: { data: {} },
    allowed: (c) => c === "subject" || c === "secret key",
    label: "subject crm form request",
  },
  {
    method: "POST",
    url: (owner) => `/api/rbac/subjects/${owner}/crm-module/form/request`,
    payload: { data: { formId: ID } },
    allowed: (c) => c === "subject" || c === "secret key",
    label: "subject crm form request, formId in data",
  },
  // Sending a subject a notification: admins and the secret key, never a subject (itself included).
  {
    method: "POST",
    url: (owner) => `/api/rbac/subjects/${owner}/notify`,
    payload: { data: { subject: "x", text: "y" } },
    allowed: adminOnly,
    label: "notify a subject",
  },
  {
    method: "GET",
    url: () => "/api/revalidate?path=/&type=layout",
    allowed: adminOnly,
    label: "revalidate (the original client's route)",
  },
  {
    method: "GET",
    url: () => "/api/revalidation/revalidate?path=/&type=layout",
    allowed: adminOnly,
    label: "revalidation/revalidate",
  },
  {
    method: "GET",
    url: (owner) => `/api/rbac/subjects/${owner}/identities`,
    allowed: ownerOnly,
    label: "list identities",
  },
  {
    method: "POST",
    url: (owner) => `/api/rbac/subjects/${owner}/identities`,
    payload: { data: { email: "bad" } },
    allowed: ownerOnly,
    label: "add identity",
  },
  {
    method: "PATCH",
    url: (owner) => `/api/rbac/subjects/${owner}/identities/${ID}`,
    payload: { data: { email: "new@example.com" } },
    allowed: ownerOnly,
    label: "rename identity",
  },
  {
    method: "DELETE",
    url: (owner) => `/api/rbac/subjects/${owner}/identities/${ID}`,
    allowed: ownerOnly,
    label: "delete identity",
  },
  {
    method: "PATCH",
    url: (owner) => `/api/rbac/subjects/${owner}/change-password`,
    payload: { password: "x" },
    allowed: ownerOnly,
    label: "subject change-password",
  },
  { method: "GET", url: (owner) => `/api/rbac/subjects/${owner}`, allowed: ownerOnly, label: "own subject record" },
  {
    method: "PATCH",
    url: (owner) => `/api/rbac/subjects/${owner}`,
    payload: { data: {} },
    allowed: adminOnly,
    label: "edit own subject record",
  },
  {
    method: "PATCH",
    url: () => `/api/rbac/identity/${ID}/change-password`,
    payload: { password: "x" },
    allowed: signedIn,
    label: "identity change-password",
  },
  {
    method: "POST",
    url: () => `/api/rbac/identity/email-and-password`,
    payload: { data: { email: "bad" } },
    allowed: asASubject,
    label: "create-by-email",
  },
  ...accountSecurityRoutes(),
];

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
  owner = await register(t, "owner@example.com");
  other = await register(t, "other@example.com");
  admin = await signIn(t, "admin@example.com", "admin password");
});
afterAll(() => t.close());

function headersFor(caller: CallerName): Record<string, string> {
  switch (caller) {
    case "anonymous":
      return {};
    case "subject":
      return bearer(owner.jwt);
    case "other subject":
      return bearer(other.jwt);
    case "admin":
      return bearer(admin.jwt);
    case "secret key":
      return { "x-rbac-secret-key": SECRET };
  }
}

const HIDDEN = ["password", "salt", "code", "codeExpiresAt"];

async function check(route: Route) {
  const wrong: string[] = [];
  for (const caller of callers) {
    const response = await t.request({
      method: route.method,
      url: route.url(owner.subjectId),
      payload: route.payload as any,
      key: null,
      headers: headersFor(caller),
    });
    // Denied: refused by a permission (or for want of a subject), not a handler's 401 for a bad password or token.
    const message = String(response.body?.message ?? "");
    const denied =
      response.status === 403 || (response.status === 401 && /sign in to call|sign in first/.test(message));
    const expected = route.allowed(caller);
    if (expected === denied)
      wrong.push(
        `${caller}: expected ${expected ? "allow" : "deny"}, got ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`,
      );
    const nobody = caller === "anonymous" || caller === "secret key";
    if (denied && response.status !== (nobody ? 401 : 403)) wrong.push(`${caller}: denied with ${response.status}`);
    if (response.status >= 500) wrong.push(`${caller}: ${response.status}`);
    const data = JSON.stringify(response.body?.data ?? null);
    for (const name of HIDDEN)
      if (data.includes(`"${name}":`)) wrong.push(`${caller}: answer has hidden field ${name}`);
  }
  expect(wrong).toEqual([]);
}

describe("authorization matrix: generic routes", () => {
  test.each(models.map((m) => [m.id, m] as const))("%s", async (_, model) => {
    for (const route of genericRoutes(model)) await check(route);
  });
});

describe("authorization matrix: module routes", () => {
  afterAll(async () => {
    owner = await signIn(t, "owner@example.com");
  });
  test.each(moduleRoutes.map((r) => [r.label, r] as const))("%s", async (_, route) => {
    await check(route);
  });
});

describe("hidden fields, whoever asks", () => {
  test.each(["subject", "admin", "secret key"] as CallerName[])(
    "are refused as filters and never listed, for %s",
    async (caller) => {
      const url = `/api/rbac/subjects/${owner.subjectId}/identities`;
      const listed = await t.request({ method: "GET", url, key: null, headers: headersFor(caller) });
      expect(listed.status).toBe(200);
      for (const name of HIDDEN) expect(JSON.stringify(listed.body)).not.toContain(`"${name}"`);
      if (caller === "subject") return;
      for (const name of HIDDEN) {
        const filtered = await t.request({
          method: "GET",
          url: `/api/rbac/identities?filters[and][0][column]=${name}&filters[and][0][method]=isNotNull`,
          key: null,
          headers: headersFor(caller),
        });
        expect(filtered.status, name).toBe(400);
      }
    },
  );
});

// Last: it deletes the subject the matrix above signs in as.
test("a subject cannot delete its own subject record; an admin can", async () => {
  const url = `/api/rbac/subjects/${owner.subjectId}`;
  expect((await t.request({ method: "DELETE", url, key: null })).status).toBe(401);
  expect((await t.request({ method: "DELETE", url, key: null, headers: bearer(owner.jwt) })).status).toBe(403);
  expect((await t.request({ method: "DELETE", url, key: null, headers: bearer(other.jwt) })).status).toBe(403);
  expect((await t.request({ method: "DELETE", url, key: null, headers: bearer(admin.jwt) })).status).toBe(200);
  // Its still-unexpired JWT now counts as nobody's.
  expect((await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(owner.jwt) })).status).toBe(
    401,
  );
});
