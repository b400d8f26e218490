import { useCallback, useEffect, useRef, useState } from "react";
import { notifyError } from "../notify.js";

/**
 * The composer saves as the editor types: each field group (a block's texts, one item) is saved a
 * moment after its last keystroke, one save at a time in the order they were asked for, so a new
 * item's creation has finished before its next edit is sent. `flush` sends what waits at once and
 * resolves when every save is done (Publish and Preview call it first); `saving` drives the
 * "Saving…" mark; `onSaved` runs after each save (the outline's titles and the preview follow).
 */
export function useSaveQueue(onSaved: () => void, delayMs = 500) {
  const tail = useRef<Promise<void>>(Promise.resolve());
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; work: () => Promise<void> }>());
  const [waiting, setWaiting] = useState(0);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const enqueue = useCallback((work: () => Promise<void>) => {
    setWaiting((n) => n + 1);
    tail.current = tail.current.then(async () => {
      try {
        await work();
        saved.current();
      } catch (error) {
        notifyError(error);
      } finally {
        setWaiting((n) => n - 1);
      }
    });
    return tail.current;
  }, []);

  /** Saves `work` for `key` after the pause; a newer call for the same key replaces it. */
  const schedule = useCallback(
    (key: string, work: () => Promise<void>) => {
      const before = timers.current.get(key);
      if (before) clearTimeout(before.timer);
      else setWaiting((n) => n + 1);
      const timer = setTimeout(() => {
        timers.current.delete(key);
        setWaiting((n) => n - 1);
        void enqueue(work);
      }, delayMs);
      timers.current.set(key, { timer, work });
    },
    [delayMs, enqueue],
  );

  const flush = useCallback(async () => {
    for (const [key, { timer, work }] of [...timers.current]) {
      clearTimeout(timer);
      timers.current.delete(key);
      setWaiting((n) => n - 1);
      void enqueue(work);
    }
    await tail.current;
  }, [enqueue]);

  // Leaving the screen sends what is still waiting rather than losing it.
  useEffect(() => () => void flush(), [flush]);

  return { schedule, flush, saving: waiting > 0 };
}

export type SaveQueue = ReturnType<typeof useSaveQueue>;
