import { etagOfRecord } from "../../../common/record-etag.js";
import { ApiError } from "../../api/client.js";
import { ownSave } from "../live/own-saves.js";
import type { ConflictChoice } from "./conflict-dialog.js";

type Row = Record<string, unknown>;

/** A save's answer: the record and the ETag of its new state. */
export interface GuardedAnswer<T> {
  value: T;
  etag?: string;
}

/** How a guarded save ended: saved (mine, perhaps over theirs), or their version taken instead. */
export type GuardedResult<T> = { saved: GuardedAnswer<T> } | { reloaded: Row; etag?: string };

/**
 * A save sent with If-Match `etag` (the state the editor's copy was read in). Answered 412 — someone
 * else saved meanwhile — it asks `choose` with their record (the error body's `data`): "reload"
 * ends with their record; "keep-mine" sends the save again naming their state, and asks again
 * should yet another save have slipped in between. Every answer's ETag is remembered as this
 * tab's own (own-saves.ts), so the live stream does not warn of it.
 */
export async function guardedSave<T>(
  save: (ifMatch: string | undefined) => Promise<GuardedAnswer<T>>,
  etag: string | undefined,
  choose: (theirs: Row) => Promise<ConflictChoice>,
): Promise<GuardedResult<T>> {
  let ifMatch = etag;
  for (;;) {
    try {
      return {
        saved: await ownSave(
          () => save(ifMatch),
          (answer) => answer.etag,
        ),
      };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 412 && error.data && typeof error.data === "object"))
        throw error;
      const theirs = error.data as Row;
      const choice = await choose(theirs);
      if (choice === "reload") return { reloaded: theirs, etag: etagOfRecord(theirs) };
      ifMatch = etagOfRecord(theirs);
    }
  }
}

/** The If-Match header for a save, when there is a state to name. */
export const ifMatchHeader = (etag: string | undefined) => (etag ? { "if-match": etag } : undefined);
