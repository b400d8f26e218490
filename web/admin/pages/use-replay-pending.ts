import { useEffect, useRef } from "react";
import { pendingFor, sendPending } from "./pending-saves.js";
import type { SaveQueue } from "./use-save-queue.js";

/**
 * Opening a page sends the edits this tab left unsent on it (a reload, or a page opened again
 * after the session ended), through the save queue: in their order, retried like any save, and
 * shown in the save mark. `onSent` lets the outline, the panel and the preview read them back.
 */
export function useReplayPending(scope: string, queue: SaveQueue, onSent: () => void) {
  const { schedule, flush } = queue;
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    const pending = pendingFor(scope);
    if (!pending.length) return;
    for (const save of pending) schedule(save.key, () => sendPending(save), save);
    void flush().then(() => sent.current());
  }, [scope, schedule, flush]);
}
