import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client.js";
import { saveFailureOf } from "../form/save-failure.js";
import { useLeaveGuard } from "../form/use-leave-guard.js";
import { useSaveStatus } from "../form/use-save-status.js";
import { notifyError, notifySuccess } from "../notify.js";
import { pricingTexts } from "./pricing-texts.js";

/** A form as read or saved, with the record's state (its ETag: the next save's If-Match). */
export interface Loaded<F> {
  form: F;
  etag?: string;
}

/** How one kind of record is read, checked, saved and deleted by its form (the `F` it edits). */
export interface RecordEditorSpec<F> {
  /** The list's address: "/admin/shipping"; a record's form is `{listPath}/{id}`, a new one `{listPath}/new`. */
  listPath: string;
  empty(): F;
  load(id: string, signal: AbortSignal): Promise<Loaded<F>>;
  /**
   * Saves the form (a new record without id) over the state `etag` names; answers the record's id,
   * the form as now saved and its new state. Someone else's save since is a 412 (ApiError).
   */
  save(id: string | undefined, form: F, etag: string | undefined): Promise<Loaded<F> & { id: string }>;
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
  // The state of the record the form was read or last saved in: sent as If-Match.
  const etag = useRef<string | undefined>(undefined);
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
    spec.load(id, controller.signal).then(
      (loaded) => {
        etag.current = loaded.etag;
        show(loaded.form);
      },
      (e) => controller.signal.aborted || notifyError(e),
    );
    return () => controller.abort();
  }, [id]);

  const reasonOf = (marked: Record<string, string>) => {
    const [key, message] = Object.entries(marked)[0] ?? [];
    if (key === undefined) return undefined;
    const label = spec.labelOf(key);
    return label ? `${label} — ${message}` : message;
  };
  /** Saves the form, or `next` (a change and its save in one step: a webhook's "Turn on again"). */
  const save = async (next: F = form) => {
    if (next !== form) setForm(next);
    const local = spec.check(next);
    if (Object.keys(local).length) {
      setErrors(local);
      setSaveState({ status: "error", failure: { kind: "refused", reason: reasonOf(local) ?? t.fixErrors } });
      return;
    }
    setBusy("save");
    setSaveState({ status: "pending" });
    try {
      const target = id ?? created.current;
      const answer = await spec.save(target, next, target ? etag.current : undefined);
      etag.current = answer.etag;
      show(answer.form);
      setSaveState({ status: "success" });
      notifySuccess(t.saved);
      if (!target) {
        created.current = answer.id;
        guard.release();
        navigate(`${spec.listPath}/${answer.id}`, { replace: true });
      }
    } catch (error) {
      // Someone else saved the record since it was read: nothing was written, the edits stay.
      if (error instanceof ApiError && error.status === 412) {
        setSaveState({ status: "error", failure: { kind: "refused", reason: t.changedElsewhere } });
        return;
      }
      const marked = spec.errorsOf(error, next);
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
