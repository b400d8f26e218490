import { useCallback, useEffect, useRef, useState } from "react";

export type SaveStatus = "idle" | "pending" | "success" | "error";

export const RESET_AFTER_MS = 5000;

/** idle → pending → success or error, and back to idle 5 seconds after either. */
export function useSaveStatus(): [SaveStatus, (status: SaveStatus) => void] {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const set = useCallback((next: SaveStatus) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next === "success" || next === "error") timer.current = setTimeout(() => setStatus("idle"), RESET_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [status, set];
}
