import { ApiError, type CauseEntry } from "../../api/client.js";

/**
 * Why a save did not land: the request never got an answer (the network, a stopped server), or
 * the server refused it, with the refusal's reason in the editor's words.
 */
export type SaveFailure = { kind: "unreachable" } | { kind: "refused"; reason: string };

/**
 * A failed save as the form tells it. `fetch` rejects with a TypeError when no answer came
 * (the Fetch standard's "network error"); any other failure had an answer, or at least was
 * not the network's. `fieldOf` names a cause's field ("/slug" → "Address (slug)"), so the reason
 * says which field to fix; the first cause with a named field wins, else the body's own message.
 */
export function saveFailureOf(error: unknown, fieldOf: (cause: CauseEntry) => string | undefined): SaveFailure {
  if (error instanceof TypeError) return { kind: "unreachable" };
  if (!(error instanceof ApiError))
    return { kind: "refused", reason: error instanceof Error ? error.message : String(error) };
  for (const cause of error.cause) {
    const field = fieldOf(cause);
    if (field) return { kind: "refused", reason: `${field} — ${cause.message}` };
  }
  // ApiError's message joins the body's message, each cause and the status with " | ": the first part is the server's sentence.
  const sentence = error.message.split(" | ")[0] ?? error.message;
  return { kind: "refused", reason: sentence };
}
