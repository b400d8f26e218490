import { useCallback, useRef, useState } from "react";

type Row = Record<string, unknown>;

/** The same data the same text, whatever order its keys were written in. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * Whether a generated form holds edits the server has not taken: its data against what it last
 * started from (the record as read, then each save's answer). RJSF reports its own reshaping too
 * (defaults filled in on mount, no field behind it): until the editor changes a field, such a
 * report moves the starting point instead of counting as an edit.
 */
export function useUnsentEdits(data: Row) {
  const [baseline, setBaseline] = useState(() => stable(data));
  const edited = useRef(false);
  const changed = useCallback((next: Row, byField: boolean) => {
    if (byField) edited.current = true;
    else if (!edited.current) setBaseline(stable(next));
  }, []);
  /** The server took `saved`: the form starts over from it. */
  const sent = useCallback((saved: Row) => {
    edited.current = false;
    setBaseline(stable(saved));
  }, []);
  return { dirty: stable(data) !== baseline, changed, sent };
}
