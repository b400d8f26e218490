import { useEffect, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { readQuery, routeOf } from "./list-query.js";
import { useModels } from "./models-context.js";
import { recordLabel } from "./record-label.js";

type Row = Record<string, any>;

/**
 * Names of the records a page's foreign keys point to: one inArray request per referenced model
 * for the whole page, never one per row.
 */
export function useReferenceLabels(model: AdminModel, rows: Row[]): Map<string, string> {
  const { byId } = useModels();
  const [labels, setLabels] = useState(new Map<string, string>());
  const keys = model.fields.filter((f) => f.references);
  const wanted = keys.map((f) => [f.references!, [...new Set(rows.map((r) => r[f.name]).filter(Boolean))]] as const).filter(([, ids]) => ids.length);
  const signature = JSON.stringify(wanted);
  useEffect(() => {
    let live = true;
    Promise.all(
      wanted.map(async ([modelId, ids]) => {
        const found = await api<Row[]>(routeOf(modelId), { query: { "filters[and]": JSON.stringify([{ column: "id", method: "inArray", value: ids }]), limit: ids.length, ...readQuery(byId.get(modelId)) } });
        return found.map((row) => [row.id as string, recordLabel(byId.get(modelId), row)] as const);
      }),
    )
      .then((lists) => live && setLabels(new Map(lists.flat())))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return labels;
}
