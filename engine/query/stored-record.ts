import type { ModelDateTimes, Models } from "../generated/models.js";

/** The id of a model generated from schemas/ ("billing/invoices"). */
export type ModelId = keyof Models;

/** A record as a repository reads it: the values the API returns for it (Models), except that date-time fields are still Date objects (they become ISO strings only when serialized). */
export type StoredRecord<K extends ModelId> = {
  [F in keyof Models[K]]: F extends ModelDateTimes[K] ? DateFor<Models[K][F]> : Models[K][F];
};

// Distributes over a union, so a nullable date-time (string | null) reads as Date | null.
type DateFor<T> = T extends string ? Date : T;
