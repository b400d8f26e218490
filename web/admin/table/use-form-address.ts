import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

type Row = Record<string, any>;

/** The address's key naming the open record form: `?edit={id}`, or `?edit=new`. */
export const EDIT_PARAM = "edit";

/**
 * Which record's form a table has open. A model's own table keeps it in the address
 * (/admin/{module}/{entity}?edit={id}): opening a form pushes an entry, so the back button closes
 * it and a pasted link opens it; closing goes back when this screen pushed the entry, else drops
 * the key. A sub-table inside a form (`inAddress` false) keeps it in state, as the address names
 * one form only.
 */
export function useFormAddress(inAddress: boolean) {
  const [local, setLocal] = useState<Row | "new" | null>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The entry a close already went back from: a second Escape (or a double click on the close
  // button) lands before the address changes, and must not go back a second time, off this screen.
  // Forgotten once the address moves on, so the browser's Forward button back to it can close again.
  const leftEntry = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (leftEntry.current !== location.key) leftEntry.current = undefined;
  }, [location.key]);
  if (!inAddress) return { editing: local, open: setLocal, close: () => setLocal(null), created: () => undefined };

  const id = params.get(EDIT_PARAM);
  const editing: Row | "new" | null = id === "new" ? "new" : id ? { id } : null;
  const withEdit = (value: string | null) => (prev: URLSearchParams) => {
    const next = new URLSearchParams(prev);
    if (value) next.set(EDIT_PARAM, value);
    else next.delete(EDIT_PARAM);
    return next;
  };
  return {
    editing,
    open: (row: Row | "new") =>
      setParams(withEdit(row === "new" ? "new" : String(row.id)), { state: { formOpened: true } }),
    close: () => {
      if (leftEntry.current === location.key) return;
      leftEntry.current = location.key;
      if ((location.state as { formOpened?: boolean } | null)?.formOpened) navigate(-1);
      else setParams(withEdit(null), { replace: true });
    },
    /** A new record saved while its form stays open (to add relations): the address names it now. */
    created: (row: Row) => setParams(withEdit(String(row.id)), { replace: true, state: location.state }),
  };
}
