import { useEffect, useRef, useState } from "react";
import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { useModels } from "../data/models-context.js";
import { fetchLabels } from "../data/record-labels.js";
import { recordKey } from "./entry-record.js";

/**
 * The labels of the records the entries name, as the server's labeller gives them (an order by
 * number and customer, a person by email, a relation by its two ends): one labels request per
 * model for the records not yet labelled, never one per line. A record deleted since has none;
 * its line names it from the entry itself (entry-record.ts).
 */
export function useEntryLabels(entries: AuditEntry[]): Map<string, string> {
  const { byId } = useModels();
  const [labels, setLabels] = useState(() => new Map<string, string>());
  // Asked once each: a record deleted since gets no label, and is not asked for again.
  const asked = useRef(new Set<string>());
  const wanted = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!entry.model || !entry.recordId || !byId.has(entry.model)) continue;
    if (asked.current.has(recordKey(entry.model, entry.recordId))) continue;
    (wanted.get(entry.model) ?? wanted.set(entry.model, new Set()).get(entry.model)!).add(entry.recordId);
  }
  const signature = JSON.stringify([...wanted].map(([model, ids]) => [model, [...ids]]));
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    if (wanted.size === 0) return;
    // Not aborted when more entries arrive: each record is asked for once, so its answer is kept.
    for (const [model, ids] of wanted) for (const id of ids) asked.current.add(recordKey(model, id));
    void Promise.all(
      [...wanted].map(async ([model, ids]) => {
        // A model whose labels fail is still named, from its entries: no error to show for it.
        const found = await fetchLabels(model, [...ids]).catch(() => new Map());
        return [...found.values()].map((l) => [recordKey(model, l.id), l.label] as const);
      }),
    ).then((lists) => {
      if (mounted.current) setLabels((known) => new Map([...known, ...lists.flat()]));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return labels;
}
