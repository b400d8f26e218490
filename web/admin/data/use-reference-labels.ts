import { useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { referencedModel } from "../../../engine/admin/referenced-model.js";
import { fetchLabels, type RecordLabel } from "./record-labels.js";

type Row = Record<string, any>;

/**
 * Labels of the records a page's foreign keys point to, and of the page's own rows (the delete
 * dialog names them): one labels request per model for the whole page, never one per row.
 */
export function useReferenceLabels(model: AdminModel, rows: Row[]): Map<string, RecordLabel> {
  const [labels, setLabels] = useState(new Map<string, RecordLabel>());
  // Ids per model: the page's own rows, and each reference's target (a templated one per row's values).
  const byModel = new Map<string, Set<string>>([[model.id, new Set(rows.map((r) => r.id as string).filter(Boolean))]]);
  for (const field of model.fields.filter((f) => f.references || f.referencesModel)) {
    for (const row of rows) {
      const target = referencedModel(field, row);
      if (target && row[field.name])
        (byModel.get(target) ?? byModel.set(target, new Set()).get(target)!).add(row[field.name]);
    }
  }
  const wanted = [...byModel].map(([id, ids]) => [id, [...ids]] as const).filter(([, ids]) => ids.length);
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
