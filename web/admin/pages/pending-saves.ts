import { api } from "../../api/client.js";

/**
 * An edit the server has not answered yet, as the request that sends it: kept in sessionStorage
 * (this tab only, gone with it) from the keystroke until the server takes or refuses it, so a
 * reload — or a session that ended and a page opened again after signing in — sends it then.
 */
export interface PendingSave {
  /** The screen it belongs to (a page's id): opening that screen again sends it. */
  scope: string;
  /** The field group (a block's texts, one item): a newer edit of the same group replaces it. */
  key: string;
  method: "PATCH" | "PUT";
  path: string;
  body: unknown;
  /** The state the edit was made on (its ETag): sent as If-Match, so a kept edit never lands silently over someone else's save. */
  ifMatch?: string;
  /** Which edit this is, so an older save's answer never forgets a newer edit of the same group. */
  stamp?: string;
}

const STORAGE_KEY = "admin.pending-saves";

const read = (): PendingSave[] => {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};
const write = (saves: PendingSave[]) => {
  try {
    if (saves.length) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saves));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage full or off: the edit is still held in memory and sent by the queue */
  }
};
const same = (a: PendingSave, b: PendingSave) => a.scope === b.scope && a.key === b.key;

/** Keeps the edit (stamping it), replacing an older one of the same group. */
export function keepPending(save: PendingSave) {
  save.stamp ??= `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  write([...read().filter((kept) => !same(kept, save)), save]);
}

/** The server answered this edit: forget it, unless a newer edit of its group has been kept since. */
export function forgetPending(save: PendingSave) {
  write(read().filter((kept) => !(same(kept, save) && kept.stamp === save.stamp)));
}

/** A save of the group was answered: a newer kept edit of it now stands on that answer's state. */
export function restampPending(scope: string, key: string, ifMatch: string | undefined) {
  write(read().map((kept) => (kept.scope === scope && kept.key === key ? { ...kept, ifMatch } : kept)));
}

/** The edits a screen left unsent, oldest first. */
export const pendingFor = (scope: string): PendingSave[] => read().filter((save) => save.scope === scope);

/**
 * Sends a kept edit as it was asked for, on the state it was made on: should someone else have
 * saved meanwhile, the server's 412 is a refusal the save mark names, and the editor decides.
 */
export const sendPending = async (save: PendingSave) => {
  await api(save.path, {
    method: save.method,
    body: save.body,
    ...(save.ifMatch ? { headers: { "if-match": save.ifMatch } } : {}),
  });
};
