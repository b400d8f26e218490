import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { WidgetProps } from "@rjsf/utils";
import { useEffect, useRef, useState } from "react";
import type { AdminField } from "../../../../engine/admin/admin-model.js";
import { searchColumn } from "../../../../engine/admin/table-columns.js";
import { api } from "../../../api/client.js";
import { containsPattern, readQuery, routeOf } from "../../data/list-query.js";
import { useModels } from "../../data/models-context.js";
import { recordLabel } from "../../data/record-label.js";
import { FilePicker } from "../../media/file-picker.js";
import type { AdminFormContext } from "../form-context.js";
import { errorOf, fieldProps } from "./basic-widgets.js";

type Option = { value: string; label: string };

/** "{externalModule}/widgets" with the form's values: the model a dependent reference points at now. */
export function referencedModel(field: AdminField, values: Record<string, unknown>): string | undefined {
  if (field.references) return field.references;
  if (!field.referencesModel) return undefined;
  let missing = false;
  const id = field.referencesModel.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== "string" || !value) missing = true;
    return String(value ?? "");
  });
  return missing ? undefined : id;
}

/**
 * A foreign key chosen by name: the server searches the referenced model as one types (20 at a
 * time). A reference whose model follows another field (host widgets' external widget follows
 * the chosen module) searches that model, and is cleared when the module changes.
 */
export function ReferenceWidget(props: WidgetProps) {
  const field = props.options.field as unknown as AdminField;
  // A file is chosen by its thumbnail, or uploaded in place.
  if (field.references === FILES) {
    const { label, required, id } = fieldProps(props);
    return <FilePicker value={props.value || undefined} onChange={(value) => props.onChange(value)} label={label as string} required={required} error={errorOf(props)} id={id} />;
  }
  return <RecordSelect {...props} />;
}

const FILES = "file-storage/files";

function RecordSelect(props: WidgetProps) {
  const field = props.options.field as unknown as AdminField;
  const context = props.registry.formContext as AdminFormContext;
  const targetId = referencedModel(field, context.values);
  const target = useModels().byId.get(targetId ?? "");
  const previousTarget = useRef(targetId);
  useEffect(() => {
    // Another module chosen: the id picked in the old one means nothing there.
    if (previousTarget.current !== targetId && previousTarget.current !== undefined && props.value) {
      setSelected(undefined);
      props.onChange(undefined);
    }
    previousTarget.current = targetId;
  }, [targetId]);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | undefined>();

  // The current value's name, so the select shows it before any search.
  useEffect(() => {
    if (!props.value || !target || selected?.value === props.value) return;
    api<Record<string, unknown>>(`${routeOf(target.id)}/${props.value}`, { query: readQuery(target) })
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
    api<Record<string, unknown>[]>(routeOf(target.id), { query: { "filters[and]": filters.length ? JSON.stringify(filters) : undefined, limit: 20, ...readQuery(target) }, signal: controller.signal })
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
