import { useCallback, useEffect, useRef, useState } from "react";
import type { SaveFailure } from "./save-failure.js";

export type SaveStatus = "idle" | "pending" | "success" | "error";

/** Where a save stands; an error carries why (save-failure.ts). */
export type SaveState = { status: Exclude<SaveStatus, "error"> } | { status: "error"; failure: SaveFailure };

export const RESET_AFTER_MS = 5000;

/**
 * idle → pending → success or error. "Saved" goes back to idle after 5 seconds; a failure stays
 * until the next save, since the edits it names are still not on the server.
 */
export function useSaveStatus(): [SaveState, (state: SaveState) => void] {
  const [state, setState] = useState<SaveState>({ status: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const set = useCallback((next: SaveState) => {
    clearTimeout(timer.current);
    setState(next);
    if (next.status === "success") timer.current = setTimeout(() => setState({ status: "idle" }), RESET_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [state, set];
}
