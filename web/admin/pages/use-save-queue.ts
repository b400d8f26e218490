import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ApiError } from "../../api/client.js";
import { sessionKeeper } from "../auth/session-keeper.js";
import { forgetPending, keepPending, type PendingSave } from "./pending-saves.js";

/**
 * What the save mark says, from the server's answers only:
 * - saved: every edit was answered 2xx;
 * - saving: a save waits for its pause or its answer;
 * - retrying: the server could not be reached (or answered 5xx): the edit is kept and sent again;
 * - signed-out: the session ended; the saves wait for the sign-in dialog;
 * - failed: the server refused an edit (4xx), with its reason; the edit stays on screen.
 */
export type SaveState =
  | { kind: "saved" }
  | { kind: "saving" }
  | { kind: "retrying" }
  | { kind: "signed-out" }
  | { kind: "failed"; reason: string };

/** Waits between tries of a save the server did not answer: 1, 2, 4, 8, then every 10 seconds. */
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

/** A failure worth trying again: no answer (fetch throws a TypeError), a 5xx, a timeout or a 401 a renewal could not cure. */
export const isTransient = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof ApiError &&
    (error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401));

/** The reason of a refusal as the editor reads it: the field and the message, not the status line. */
export const reasonOf = (error: unknown): string => {
  if (!(error instanceof ApiError)) return String(error instanceof Error ? error.message : error);
  const first = error.cause[0];
  if (first) return first.path ? `${first.path.replace(/^\//, "")}: ${first.message}` : first.message;
  return error.message.split(" | ")[0] ?? error.message;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The composer saves as the editor types: each field group (a block's texts, one item) is saved a
 * moment after its last keystroke, one save at a time in the order they were asked for, so a new
 * item's creation has finished before its next edit is sent. A save the server did not answer is
 * tried again until it is (the ones after it wait, keeping the order); one refused is reported
 * with its reason. Each waiting save may describe itself as a request (`replay`): it is kept in
 * sessionStorage until answered, so a reload or a closed tab sends it when the page opens again
 * (pending-saves.ts). `flush` sends what waits at once and resolves when every save is done
 * (Publish and Preview call it first); `onSaved` runs after each save, with its key.
 */
export function useSaveQueue(onSaved: (key: string) => void, delayMs = 500) {
  const tail = useRef<Promise<void>>(Promise.resolve());
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; work: () => Promise<void> }>());
  const [waiting, setWaiting] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const keeper = sessionKeeper();
  const session = useSyncExternalStore(keeper.subscribe, () => keeper.state);

  const refusedAs = useCallback((key: string, reason: string | undefined) => {
    setRefused((before) => {
      if (reason === undefined ? !before.has(key) : before.get(key) === reason) return before;
      const next = new Map(before);
      if (reason === undefined) next.delete(key);
      else next.set(key, reason);
      return next;
    });
  }, []);

  const enqueue = useCallback(
    (key: string, work: () => Promise<void>, replay?: PendingSave) => {
      setWaiting((n) => n + 1);
      tail.current = tail.current.then(async () => {
        try {
          for (let attempt = 0; ; attempt++) {
            try {
              await work();
              setRetrying(false);
              refusedAs(key, undefined);
              if (replay) forgetPending(replay);
              saved.current(key);
              return;
            } catch (error) {
              if (!isTransient(error)) {
                setRetrying(false);
                refusedAs(key, reasonOf(error));
                if (replay) forgetPending(replay);
                return;
              }
              setRetrying(true);
              await sleep(retryDelayMs(attempt));
            }
          }
        } finally {
          setWaiting((n) => n - 1);
        }
      });
      return tail.current;
    },
    [refusedAs],
  );

  /** Saves `work` for `key` after the pause; a newer call for the same key replaces it. */
  const schedule = useCallback(
    (key: string, work: () => Promise<void>, replay?: PendingSave) => {
      if (replay) keepPending(replay);
      const before = timers.current.get(key);
      if (before) clearTimeout(before.timer);
      else setWaiting((n) => n + 1);
      const run = () => enqueue(key, work, replay);
      const timer = setTimeout(() => {
        timers.current.delete(key);
        setWaiting((n) => n - 1);
        void run();
      }, delayMs);
      timers.current.set(key, { timer, work: run });
    },
    [delayMs, enqueue],
  );

  const flush = useCallback(async () => {
    for (const [key, { timer, work }] of [...timers.current]) {
      clearTimeout(timer);
      timers.current.delete(key);
      setWaiting((n) => n - 1);
      void work();
    }
    await tail.current;
  }, []);

  // Leaving the screen sends what is still waiting rather than losing it.
  useEffect(() => () => void flush(), [flush]);

  const firstRefusal = [...refused.values()][0];
  const state: SaveState =
    waiting > 0 && session === "ended"
      ? { kind: "signed-out" }
      : retrying
        ? { kind: "retrying" }
        : waiting > 0
          ? { kind: "saving" }
          : firstRefusal !== undefined
            ? { kind: "failed", reason: firstRefusal }
            : { kind: "saved" };

  return {
    schedule,
    flush,
    state,
    saving: waiting > 0,
    /** Edits the server has not taken yet (waiting, or refused and still on screen): leaving the page asks first. */
    unsent: waiting > 0 || refused.size > 0,
  };
}

export type SaveQueue = ReturnType<typeof useSaveQueue>;
