import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { WidgetProps } from "@rjsf/utils";
import { useEffect, useState } from "react";
import type { AdminField } from "../../../../engine/admin/admin-model.js";
import { searchColumn } from "../../../../engine/admin/table-columns.js";
import { api } from "../../../api/client.js";
import { containsPattern, routeOf } from "../../data/list-query.js";
import { useModels } from "../../data/models-context.js";
import { recordLabel } from "../../data/record-label.js";
import { fieldProps } from "./basic-widgets.js";

type Option = { value: string; label: string };

/** A foreign key chosen by name: the server searches the referenced model as one types (20 at a time). */
export function ReferenceWidget(props: WidgetProps) {
  const field = props.options.field as unknown as AdminField;
  const target = useModels().byId.get(field.references!);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | undefined>();

  // The current value's name, so the select shows it before any search.
  useEffect(() => {
    if (!props.value || !target || selected?.value === props.value) return;
    api<Record<string, unknown>>(`${routeOf(target.id)}/${props.value}`)
      .then((row) => setSelected({ value: String(row.id), label: recordLabel(target, row) }))
      .catch(() => setSelected({ value: props.value, label: props.value }));
  }, [props.value, target, selected?.value]);

  useEffect(() => {
    if (!target) return;
    const by = searchColumn(target);
    const text = debounced.trim();
    // Typing the selected label back is not a search.
    const filters = by && text && text !== selected?.label ? [{ column: by, method: "ilike", value: containsPattern(text) }] : [];
    const controller = new AbortController();
    api<Record<string, unknown>[]>(routeOf(target.id), { query: { "filters[and]": filters.length ? JSON.stringify(filters) : undefined, limit: 20 }, signal: controller.signal })
      .then((rows) => setOptions(rows.map((row) => ({ value: String(row.id), label: recordLabel(target, row) }))))
      .catch(() => undefined);
    return () => controller.abort();
  }, [target, debounced, selected?.label]);

  const data = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  return (
    <Select
      {...fieldProps(props)}
      placeholder={target ? `Choose ${target.title.toLowerCase()}` : undefined}
      data={data}
      value={props.value ?? null}
      searchable
      clearable={!props.required}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage="No found items."
      maxDropdownHeight={160}
      onChange={(value) => {
        setSelected(data.find((o) => o.value === value));
        props.onChange(value ?? undefined);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
