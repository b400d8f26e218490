import { useCallback, useEffect, useRef } from "react";
import { askToLeave, markDirty } from "./leave-guard-store.js";

/**
 * Guards unsent edits while `dirty`: in-app navigation asks "Leave without saving?" first (the
 * admin's one blocker, leave-prompt.tsx, sees this screen's mark), and reloading or closing the tab
 * gets the browser's own "Leave site?" (beforeunload).
 *
 * `confirmLeave` is for leaving that is not navigation (closing a dialog): it answers true at once
 * when nothing is unsent, else asks; after Leave the guard lets go at once, so the navigation the
 * close itself makes (a table's dialog lives in the address) is not asked about a second time.
 * `release` lets go without asking, for a navigation that follows a successful save in the same
 * moment (before the screen re-renders clean).
 */
export function useLeaveGuard(dirty: boolean): { confirmLeave(): Promise<boolean>; release(): void } {
  const owner = useRef(Symbol("leave guard")).current;
  // Set once the editor chose Leave; a new edit (dirty turning off and on) guards again.
  const released = useRef(false);
  useEffect(() => {
    if (!dirty) released.current = false;
    const guarding = dirty && !released.current;
    markDirty(owner, guarding);
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      markDirty(owner, false);
    };
  }, [dirty, owner]);

  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const release = useCallback(() => {
    released.current = true;
    markDirty(owner, false);
  }, [owner]);
  const confirmLeave = useCallback(async () => {
    if (!dirtyNow.current || released.current) return true;
    const leave = await askToLeave();
    if (leave) release();
    return leave;
  }, [release]);
  return { confirmLeave, release };
}
