import { useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { fetchLabels, type RecordLabel } from "./record-labels.js";

type Row = Record<string, any>;

/**
 * Labels of the records a page's foreign keys point to, and of the page's own rows (the delete
 * dialog names them): one labels request per model for the whole page, never one per row.
 */
export function useReferenceLabels(model: AdminModel, rows: Row[]): Map<string, RecordLabel> {
  const [labels, setLabels] = useState(new Map<string, RecordLabel>());
  const keys = model.fields.filter((f) => f.references);
  const own = [model.id, rows.map((r) => r.id as string).filter(Boolean)] as const;
  const wanted = [own, ...keys.map((f) => [f.references!, [...new Set(rows.map((r) => r[f.name]).filter(Boolean))]] as const)].filter(([, ids]) => ids.length);
  const signature = JSON.stringify(wanted);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(wanted.map(([modelId, ids]) => fetchLabels(modelId, ids as string[], controller.signal)))
      .then((maps) => setLabels(new Map(maps.flatMap((m) => [...m]))))
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return labels;
}
