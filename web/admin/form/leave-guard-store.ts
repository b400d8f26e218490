/**
 * What the leave prompt knows, shared by every screen and dialog of the admin: which of them hold
 * unsent edits, and the question the editor is being asked, if any.
 *
 * One store rather than one blocker per form: React Router consults only the blocker registered
 * last ("A router only supports one blocker at a time"), so a clean dialog opened over a dirty
 * screen would otherwise let the screen's edits be dropped. The one blocker (leave-prompt.tsx)
 * asks this store instead.
 */

const dirty = new Set<symbol>();

/** Marks one screen or dialog as holding unsent edits, or as holding none. */
export function markDirty(owner: symbol, edits: boolean): void {
  if (edits) dirty.add(owner);
  else dirty.delete(owner);
}

/** Whether anything open would lose edits if the editor left now. */
export const hasUnsentEdits = (): boolean => dirty.size > 0;

/** A leave the editor is asked about outside navigation (a dialog being closed): answered Leave (true) or Stay. */
interface Question {
  answer(leave: boolean): void;
  asked: Promise<boolean>;
}

let question: Question | undefined;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Asks "Leave without saving?" through the prompt (leave-prompt.tsx) and resolves with the answer.
 * While a question is open, a second ask gets the same answer rather than a second question (an
 * Escape both the prompt and the dialog under it hear).
 */
export function askToLeave(): Promise<boolean> {
  if (question) return question.asked;
  let answer!: (leave: boolean) => void;
  const asked = new Promise<boolean>((resolve) => (answer = resolve));
  question = {
    asked,
    answer(leave) {
      question = undefined;
      changed();
      answer(leave);
    },
  };
  changed();
  return asked;
}

export const openQuestion = (): Question | undefined => question;

export function subscribeToQuestion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
