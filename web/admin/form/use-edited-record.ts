import { useCallback, useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { loadRecord } from "../editorial/editorial-api.js";
import { notifyError } from "../notify.js";

type Row = Record<string, any>;

interface State {
  record?: Row;
  etag?: string;
  /** Bumped each time the record is read afresh: the form starts over from it. */
  revision: number;
  loading: boolean;
}

/**
 * The record a dialog edits, read afresh when it opens (a table row may be older, and the ETag
 * comes with the read): what the form shows is what its If-Match names. `saved` takes a save's
 * answer; without an ETag in it, the record is read again for one (the form keeps its values).
 */
export function useEditedRecord(model: AdminModel, initial: Row | undefined) {
  const [state, setState] = useState<State>({ record: initial, revision: 0, loading: Boolean(initial?.id) });
  const read = useCallback(
    async (restart: boolean, id: string) => {
      try {
        const { record, etag } = await loadRecord(model, id);
        setState((s) => ({ record, etag, revision: restart ? s.revision + 1 : s.revision, loading: false }));
      } catch (error) {
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      }
    },
    [model],
  );
  useEffect(() => {
    if (initial?.id) void read(true, String(initial.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const reload = useCallback(() => {
    if (state.record?.id) void read(true, String(state.record.id));
  }, [read, state.record?.id]);
  const saved = useCallback(
    (record: Row, etag?: string) => {
      setState((s) => ({ ...s, record, etag: etag ?? s.etag }));
      if (!etag) void read(false, String(record.id));
    },
    [read],
  );
  return { ...state, reload, saved };
}
