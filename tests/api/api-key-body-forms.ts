import type { TestApp } from "../helpers/test-app.js";
import { register, type SignedIn } from "../rbac/helpers.js";

interface Call {
  url: string;
  data: unknown;
  caller: "key" | "anonymous" | SignedIn;
  effect?: () => Promise<unknown>;
}

/** Making an API key, a case of module-body-forms.test.ts (each form gets its own subject): the keys it then holds, by title and scopes. */
export function apiKeyBodyFormCases(app: () => TestApp) {
  return {
    "POST /api/rbac/subjects/:id/api-keys": {
      status: 201,
      prepare: async (_form: string, n: string): Promise<Call> => {
        const s = await register(app(), `api-key-${n}@example.com`);
        const url = `/api/rbac/subjects/${s.subjectId}/api-keys`;
        const effect = async () =>
          (
            await app().request({ method: "GET", url, key: null, headers: { authorization: `Bearer ${s.jwt}` } })
          ).body.data.map((k: { title: string; scopes: unknown }) => [k.title, k.scopes]);
        return {
          url,
          data: { title: "Script", scopes: ["read", { method: "GET", route: "/api/blog/**" }] },
          caller: s,
          effect,
        };
      },
    },
  };
}
