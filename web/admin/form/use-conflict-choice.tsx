import { useCallback, useRef, useState, type ReactNode } from "react";
import { ConflictDialog, type ConflictChoice } from "./conflict-dialog.js";
import type { ConflictRow } from "./conflict-rows.js";

/**
 * The conflict dialog as an awaited question: `ask(rows)` opens it and resolves with the editor's
 * choice, so a save (the composer's queued work) can wait for it where it failed. Questions asked
 * while one is open wait their turn.
 */
export function useConflictChoice(): { ask(rows: ConflictRow[]): Promise<ConflictChoice>; dialog: ReactNode } {
  const [open, setOpen] = useState<{ rows: ConflictRow[]; answer(choice: ConflictChoice): void }>();
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  const ask = useCallback((rows: ConflictRow[]) => {
    const asked = turn.current.then(
      () =>
        new Promise<ConflictChoice>((resolve) =>
          setOpen({
            rows,
            answer: (choice) => {
              setOpen(undefined);
              resolve(choice);
            },
          }),
        ),
    );
    turn.current = asked;
    return asked;
  }, []);
  const dialog = open ? <ConflictDialog rows={open.rows} onChoose={open.answer} /> : null;
  return { ask, dialog };
}
