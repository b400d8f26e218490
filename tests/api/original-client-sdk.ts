// The original client's SDK as the replay test (original-client.test.ts) uses it: how its
// requests are built (qs with encodeValuesOnly, one multipart `data` part), what its components
// read from a session, and the table's types and the list of the original client's calls.
import qs from "qs";
import type { PrivateKeyAccount } from "viem/accounts";
import { expect } from "vitest";
import type { TestApp } from "../helpers/test-app.js";
import { bearer, type SignedIn } from "../rbac/helpers.js";

export const SUBJECTS = "/api/rbac/subjects";
export const AUTH = `${SUBJECTS}/authentication`;
/** A JWT's claims, decoded as the client decodes them (no check of the signature). */
export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());

/**
 * What the client's init and sign-in components read from a session: the signed-in subject from
 * the JWT's `subject` claim ({ id, slug }), and the refresh token's `exp` to decide when to
 * refresh. `subjectId`: whom the session must be for, where the row knows.
 */
export async function expectClientSession(c: Context, session: { jwt: string; refresh: string }, subjectId?: string) {
  const jwt = claimsOf(session.jwt);
  const me = await c.t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(session.jwt) });
  expect(me.status).toBe(200);
  expect(jwt.subject).toEqual({ id: subjectId ?? jwt.sub, slug: me.body.data.slug });
  expect(me.body.data).toMatchObject({ id: jwt.subject.id, slug: expect.any(String) });
  const refresh = claimsOf(session.refresh);
  // Still valid, and later than the session token's own expiry: the client refreshes with it.
  expect(refresh.exp).toEqual(expect.any(Number));
  expect(refresh.exp * 1000).toBeGreaterThan(Date.now());
  expect(refresh.exp).toBeGreaterThan(jwt.exp);
}

/** The client's wallet message: `Date.now()` signed by the wallet, in its link and sign-in body. */
export async function timestampSigned(account: PrivateKeyAccount) {
  const message = String(Date.now());
  return {
    message,
    provider: "ethereum-virtual-machine",
    signature: await account.signMessage({ message }),
    address: account.address,
  };
}

/** What the client's response reader takes for an expired session (it then signs the visitor out). */
export const SESSION_STATE =
  /unauthorized|token required|no session|authorization error|no subject provided in the token|invalid token issued/i;

export const PUBLIC_URL = "https://shop.example.com";
export const PAYMENT_URL = /^https:\/\/shop\.example\.com\/billing\/dummy\/pay\/[0-9a-f-]+\?token=[0-9a-f]{64}$/;
export const OG = "generate-template-opengraph-image-default";
export const RECEIPT = "generate-template-ecommerce-order-receipt-default";

/** Every call of the original system's Subject and entity API, as the rows name them. */
export const SPEC_CALLS = [
  // Generic entity calls
  "GET list with filters",
  "GET {id}",
  "POST create",
  "PATCH {id}",
  "DELETE {id}",
  "POST find-or-create",
  "POST bulk",
  "PATCH bulk",
  // Extra entity calls
  "POST crm/forms/{id}/requests",
  "GET orders/{id}/checkout-attributes/{currencyId}",
  "POST orders/clear-old-orders",
  "GET orders/{id}/total",
  "GET orders/{id}/quantity",
  "PATCH orders/{id}/orders-to-products/{lineId}",
  "GET orders-to-products/{id}/total",
  "GET pages/find-by-url",
  "GET pages/urls",
  "GET pages/url-segment-value",
  "POST files/create-from-url",
  "POST files/generate",
  "GET revalidation/revalidate",
  "PATCH identity/{id}/change-password",
  "POST identity/email-and-password",
  "PATCH subjects/{id}/change-password",
  // Subject API
  "GET init",
  "GET me",
  "GET is-authorized",
  "POST logout",
  "POST refresh",
  "POST ethereum-virtual-machine",
  "POST email-and-password/authentication",
  "POST email-and-password/registration",
  "POST email-and-password/forgot-password",
  "POST email-and-password/reset-password",
  "GET identities",
  "POST identities",
  "PATCH identities/{identityId}",
  "DELETE identities/{identityId}",
  "POST orders (add to cart)",
  "PATCH orders/{orderId}",
  "DELETE orders/{orderId}",
  "POST orders/checkout",
  "POST orders/{orderId}/checkout",
  "GET orders/total",
  "GET orders/quantity",
  "POST products/{productId}/checkout",
  "POST notify",
  "POST crm-module/form/request",
] as const;
/** One of those calls, or the error body every call may answer. */
export type Call = (typeof SPEC_CALLS)[number] | "error body";

export type Who = "anonymous" | "ann" | "bea" | "cy" | "eve" | "admin" | "secret";

export interface Context {
  t: TestApp;
  ann: SignedIn;
  bea: SignedIn;
  /** Changes its password and identities in the account-settings rows. */
  cy: SignedIn;
  /** Signs up, refreshes and logs out in the session rows. */
  eve: SignedIn;
  admin: SignedIn;
  /** The loopback server create-from-url fetches from. */
  filesOrigin: string;
  pencil: Record<string, any>;
  /** Set by rows, read by later ones. */
  saved: Record<string, any>;
  home: string;
  articleTemplate: string;
  formId: string;
  categories: Record<string, any>[];
  product: Record<string, any>;
  currency: Record<string, any>;
  /** Set by the add-to-cart row, read by the order rows after it. */
  orderId?: string;
}

export interface Shape {
  call: Call;
  name: string;
  who: Who;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Work a row needs done first (a nonce to sign, a code from the mail). */
  before?: (c: Context) => Promise<void>;
  /** The path; the query is built from `params` as the client does, `?` included when it is empty. */
  path: (c: Context) => string;
  params?: (c: Context) => Record<string, unknown>;
  /** Sent as the client's FormData: one `data` part holding JSON. */
  data?: (c: Context) => unknown;
  /** Our own JSON body form, for the rows that show it still works. */
  json?: (c: Context) => unknown;
  status: number;
  expect: (body: any, c: Context) => void | Promise<void>;
}

/** `{host}{route}?{qs}` exactly as the SDK's actions build it. */
export const clientUrl = (path: string, params?: Record<string, unknown>) =>
  `${path}?${qs.stringify(params, { encodeValuesOnly: true })}`;

/** The SDK's prepareFormDataToSend: the data as one JSON `data` part. */
export async function formData(data: unknown) {
  const form = new FormData();
  form.append("data", JSON.stringify(data));
  const request = new Request("http://x/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

export const filters = (...and: Record<string, unknown>[]) => ({ filters: { and } });
