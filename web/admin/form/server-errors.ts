import type { ErrorSchema } from "@rjsf/utils";
import type { CauseEntry } from "../../api/client.js";

/**
 * The error body's `cause: [{ path: "/title/en", message }]` (docs/api.md "Errors") as RJSF's error schema, so each message
 * shows on its field; causes without a field path are left to the toast.
 */
export function errorSchemaOf(causes: CauseEntry[]): ErrorSchema {
  const root: Record<string, any> = {};
  for (const cause of causes) {
    const segments = (cause.path ?? "").split("/").filter(Boolean);
    if (segments.length === 0) continue;
    let node = root;
    for (const segment of segments) node = node[segment] ??= {};
    (node.__errors ??= []).push(cause.message);
  }
  return root as ErrorSchema;
}
