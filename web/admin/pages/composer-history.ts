/**
 * The page composer's undo history, without React or the browser (tests/web/composer-history.test.ts):
 * a list of steps, each able to put the page back (`undo`) and forward again (`redo`) by saving
 * through the server, the way the change itself was saved.
 *
 * - A burst of typing in one field is one step, as editors expect: steps of the same `group`
 *   recorded less than `pauseMs` apart merge (the first one's undo, the last one's redo) until the
 *   group is sealed — the field lost focus, something else was recorded, or an undo ran.
 * - At most `limit` steps are kept (the oldest go first); a new step clears what could be redone.
 * - Undo and redo run one at a time, in the order asked for (pressing Ctrl+Z three times undoes
 *   three steps, each after the previous one's save). A step that fails stays where it was, so it
 *   can be tried again; `onError` tells the editor (a failure already told throws `Reported`).
 */
export interface Step {
  /** Steps of one burst share a group (typing in one field of one block). */
  group?: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

/** A failure the step has already shown the editor: the history only keeps the step in place. */
export class Reported extends Error {
  constructor() {
    super("already reported");
  }
}

export interface HistoryOptions {
  limit?: number;
  pauseMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export const HISTORY_LIMIT = 200;
export const TYPING_PAUSE_MS = 1000;

export class ComposerHistory {
  private readonly done: { step: Step; at: number }[] = [];
  private readonly undone: Step[] = [];
  /** The group typing may still merge into; sealed by blur, another step or an undo. */
  private open: string | undefined;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  private readonly listeners = new Set<() => void>();
  private readonly limit: number;
  private readonly pauseMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;

  constructor(options: HistoryOptions = {}) {
    this.limit = options.limit ?? HISTORY_LIMIT;
    this.pauseMs = options.pauseMs ?? TYPING_PAUSE_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  get canUndo() {
    return this.done.length > 0;
  }
  get canRedo() {
    return this.undone.length > 0;
  }
  /** An undo or redo is being saved. */
  get busy() {
    return this.running > 0;
  }
  get size() {
    return this.done.length;
  }

  /** A change the editor made (and the server took): one more step to undo. */
  record(step: Step) {
    const at = this.now();
    const top = this.done[this.done.length - 1];
    if (step.group && top && this.open === step.group && top.step.group === step.group && at - top.at < this.pauseMs) {
      top.step = { group: step.group, undo: top.step.undo, redo: step.redo };
      top.at = at;
    } else {
      this.done.push({ step, at });
      if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
    }
    this.open = step.group;
    this.undone.length = 0;
    this.changed();
  }

  /** The page was put back to an older version (History's restore): the steps no longer describe it. */
  clear() {
    this.done.length = 0;
    this.undone.length = 0;
    this.open = undefined;
    this.changed();
  }

  /** The field lost focus: the next keystroke starts a new step. */
  seal() {
    this.open = undefined;
  }

  undo(): Promise<void> {
    return this.queue(async () => {
      const entry = this.done.pop();
      if (!entry) return;
      if (await this.attempt(() => entry.step.undo())) this.undone.push(entry.step);
      else this.done.push(entry);
    });
  }

  redo(): Promise<void> {
    return this.queue(async () => {
      const step = this.undone.pop();
      if (!step) return;
      if (await this.attempt(() => step.redo())) this.done.push({ step, at: this.now() });
      else this.undone.push(step);
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private queue(work: () => Promise<void>): Promise<void> {
    this.seal();
    this.running++;
    this.changed();
    const run = this.chain.then(work).finally(() => {
      this.running--;
      this.changed();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async attempt(work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      if (!(error instanceof Reported)) this.onError(error);
      return false;
    }
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * What steps hold to name a record whose id may change: undoing a block's removal makes it again
 * under a new id, and the steps recorded on the old one must reach the new one. Every step holds
 * the same object for one record (`of`), and `follow` moves that object to the new id.
 * `serial` tells objects apart for grouping (it never changes).
 */
export class Identities<T extends { id?: string; serial: number }> {
  private readonly byId = new Map<string, T>();
  private serials = 0;

  constructor(private readonly make: (id: string | undefined, serial: number) => T) {}

  /** The object for the record `id` (made on first use). */
  of(id: string): T {
    let found = this.byId.get(id);
    if (!found) {
      found = this.make(id, ++this.serials);
      this.byId.set(id, found);
    }
    return found;
  }

  /** The object steps hold for `id`, if any step does. */
  find(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** An object for a record not made yet (a row being typed into): `follow` gives it its id once made. */
  unsaved(): T {
    return this.make(undefined, ++this.serials);
  }

  /** The record is now `next.id` (made again, or made at last): steps holding `identity` follow it. */
  follow(identity: T, next: Partial<T> & { id: string }) {
    if (identity.id !== undefined && this.byId.get(identity.id) === identity) this.byId.delete(identity.id);
    Object.assign(identity, next);
    this.byId.set(next.id, identity);
  }
}

/**
 * `current` with the blocks named in `wanted` put in `wanted`'s order, in the places they hold now:
 * undoing a reorder puts back the order it had, even when blocks came or went since (another
 * editor's), which a plain list would make the server refuse.
 */
export function orderLike(current: string[], wanted: string[]): string[] {
  const here = new Set(current);
  const present = wanted.filter((id) => here.has(id));
  const moving = new Set(present);
  let next = 0;
  return current.map((id) => (moving.has(id) ? present[next++]! : id));
}
