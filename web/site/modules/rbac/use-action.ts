import { useRef, useState } from "react";
import { showToast } from "../../../ui/toast.js";

/** A failed call: a red toast with the ApiError's message. */
export function showError(error: unknown, prefix?: string) {
  const message = error instanceof Error ? error.message : String(error);
  showToast({ color: "red", message: prefix ? `${prefix} ${message}` : message });
}

export function showSuccess(message: string) {
  showToast({ color: "teal", message });
}

/**
 * Runs an async action once at a time (a double click does not send twice), with a pending flag
 * for the button, and failures shown as a toast.
 */
export function useAction<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const act = async (...args: A) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await run(...args);
    } catch (error) {
      showError(error);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, act };
}
