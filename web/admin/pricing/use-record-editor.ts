import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { saveFailureOf } from "../form/save-failure.js";
import { useLeaveGuard } from "../form/use-leave-guard.js";
import { useSaveStatus } from "../form/use-save-status.js";
import { notifyError, notifySuccess } from "../notify.js";
import { pricingTexts } from "./pricing-texts.js";

/**
 * A save that made the record but failed after (a discount code whose products could not be
 * linked): the form now edits that record, so the next save updates it instead of making another.
 */
export class SavedInPart extends Error {
  constructor(
    readonly id: string,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/** How one kind of record is read, checked, saved and deleted by its form (the `F` it edits). */
export interface RecordEditorSpec<F> {
  /** The list's address: "/admin/shipping"; a record's form is `{listPath}/{id}`, a new one `{listPath}/new`. */
  listPath: string;
  empty(): F;
  load(id: string, signal: AbortSignal): Promise<F>;
  /** Saves the form (a new record without id); answers the record's id and the form as now saved. */
  save(id: string | undefined, form: F): Promise<{ id: string; form: F }>;
  remove(id: string): Promise<unknown>;
  /** The fields to fix before any request, keyed as the form shows them. */
  check(form: F): Record<string, string>;
  /** A refused save's reasons on the fields they name ("form" for the rest). */
  errorsOf(error: unknown, form: F): Record<string, string>;
  /** A field's label, so a refusal says which field to fix. */
  labelOf(key: string): string | undefined;
}

/**
 * The state of a pricing form page: the record the address names (or a new one), the form and
 * whether it holds unsaved edits (leaving asks first), the marks on its fields, and the save's
 * state as the server answered it ("Saved" only after a 2xx; a refusal names its first field and
 * keeps the edits). A new record's first save stays on the page, now the record's own address.
 */
export function useRecordEditor<F>(spec: RecordEditorSpec<F>) {
  const t = pricingTexts();
  const { id: param } = useParams();
  const id = param === "new" ? undefined : param;
  const navigate = useNavigate();
  // The record a new page's first save made: the address names it only once the navigation rendered.
  const created = useRef<string | undefined>(undefined);
  const [form, setForm] = useState<F>(spec.empty);
  const [saved, setSaved] = useState(() => JSON.stringify(spec.empty()));
  const [loaded, setLoaded] = useState(!id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"save" | "delete" | undefined>();
  const [saveState, setSaveState] = useSaveStatus();
  const dirty = JSON.stringify(form) !== saved;
  const guard = useLeaveGuard(dirty);

  const show = (next: F) => {
    setForm(next);
    setSaved(JSON.stringify(next));
    setErrors({});
    setLoaded(true);
  };
  useEffect(() => {
    if (!id || id === created.current) return;
    const controller = new AbortController();
    setLoaded(false);
    spec.load(id, controller.signal).then(show, (e) => controller.signal.aborted || notifyError(e));
    return () => controller.abort();
  }, [id]);

  const reasonOf = (marked: Record<string, string>) => {
    const [key, message] = Object.entries(marked)[0] ?? [];
    if (key === undefined) return undefined;
    const label = spec.labelOf(key);
    return label ? `${label} — ${message}` : message;
  };
  const save = async () => {
    const local = spec.check(form);
    if (Object.keys(local).length) {
      setErrors(local);
      setSaveState({ status: "error", failure: { kind: "refused", reason: reasonOf(local) ?? t.fixErrors } });
      return;
    }
    setBusy("save");
    setSaveState({ status: "pending" });
    try {
      const target = id ?? created.current;
      const answer = await spec.save(target, form);
      show(answer.form);
      setSaveState({ status: "success" });
      notifySuccess(t.saved);
      if (!target) {
        created.current = answer.id;
        guard.release();
        navigate(`${spec.listPath}/${answer.id}`, { replace: true });
      }
    } catch (caught) {
      let error = caught;
      if (caught instanceof SavedInPart) {
        error = caught.failure;
        // Still unsaved in part, so the page stays (leaving would ask); its next save updates the record.
        created.current ??= id ? undefined : caught.id;
      }
      const marked = spec.errorsOf(error, form);
      setErrors(marked);
      const failed = saveFailureOf(error, () => undefined);
      setSaveState({
        status: "error",
        failure:
          failed.kind === "unreachable" ? failed : { kind: "refused", reason: reasonOf(marked) ?? failed.reason },
      });
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async () => {
    const target = id ?? created.current;
    if (!target) return;
    setBusy("delete");
    try {
      await spec.remove(target);
      guard.release();
      notifySuccess(t.deleted);
      navigate(spec.listPath);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(undefined);
    }
  };
  /** Changes some fields; a changed field loses its mark at once (the next save checks it again). */
  const change = (patch: Partial<F>) => {
    setForm((f) => ({ ...f, ...patch }));
    const keys = Object.keys(patch);
    setErrors((marks) =>
      Object.fromEntries(
        Object.entries(marks).filter(([key]) => !keys.some((k) => key === k || key.startsWith(`${k}.`))),
      ),
    );
  };
  return {
    isNew: !(id ?? created.current),
    loaded,
    form,
    change,
    errors,
    dirty,
    busy,
    saveState,
    save,
    remove,
    /** Shows a form as the saved state (a new record's defaults, once its choices are loaded). */
    start: show,
  };
}
