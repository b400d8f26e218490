import type { TestApp } from "../../helpers/test-app.js";
import { bearer, type SignedIn } from "../helpers.js";

export const keysUrl = (subjectId: string) => `/api/rbac/subjects/${subjectId}/api-keys`;

/** POST …/api-keys as the signed-in subject itself (its sign-in is recent: no password needed). */
export const createKey = (t: TestApp, as: SignedIn, data: object, subjectId = as.subjectId) =>
  t.request({ method: "POST", url: keysUrl(subjectId), key: null, headers: bearer(as.jwt), payload: { data } });

/** A new key's secret, or the test fails with the server's answer. */
export async function newKey(t: TestApp, as: SignedIn, scopes: unknown[], more: object = {}): Promise<string> {
  const response = await createKey(t, as, { title: "Script", scopes, ...more });
  if (response.status !== 201) throw new Error(`key not made: ${JSON.stringify(response.body)}`);
  return response.body.data.key;
}

/** A request signed with an API key (and nothing else). */
export const withKey = (
  t: TestApp,
  key: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  data?: unknown,
) =>
  t.request({
    method,
    url,
    key: null,
    headers: bearer(key),
    ...(data === undefined ? {} : { payload: { data } }),
  });
