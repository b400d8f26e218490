import { Button, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { WidgetProps } from "@rjsf/utils";
import { useContext, useEffect, useRef, useState } from "react";
import type { AdminField } from "../../../../engine/admin/admin-model.js";
import { referencedModel } from "../../../../engine/admin/referenced-model.js";
import { useModels } from "../../data/models-context.js";
import { fetchLabels, searchLabels } from "../../data/record-labels.js";
import { wordsTexts } from "../../words-texts.js";
import { RecordDialogContext } from "../record-dialog-context.js";
import { FilePicker } from "../../media/file-picker.js";
import type { AdminFormContext } from "../form-context.js";
import { errorOf, fieldProps } from "./basic-widgets.js";

type Option = { value: string; label: string };

/** "{externalModule}/widgets" with the form's values: the model a dependent reference points at now. */
export { referencedModel };

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
    return (
      <FilePicker
        value={props.value || undefined}
        onChange={(value) => props.onChange(value)}
        label={label as string}
        required={required}
        error={errorOf(props)}
        id={id}
      />
    );
  }
  return <RecordSelect {...props} />;
}

const FILES = "file-storage/files";

/** The option that opens the referenced model's form instead of choosing a record. */
const NEW = "\u0000new";

/**
 * A record chosen by its label (the server's labeller: a price "$32.00 · USD", a relation by both
 * ends), searched by any of its titles as one types (20 at a time); "+ New …" opens the model's
 * form in a dialog and chooses the record it creates.
 */
function RecordSelect(props: WidgetProps) {
  const field = props.options.field as unknown as AdminField;
  const context = props.registry.formContext as AdminFormContext;
  const t = wordsTexts();
  const targetId = referencedModel(field, context.values);
  const target = useModels().byId.get(targetId ?? "");
  const Dialog = useContext(RecordDialogContext);
  const [creating, setCreating] = useState(false);
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
    fetchLabels(target.id, [props.value])
      .then((found) => setSelected({ value: props.value, label: found.get(props.value)?.label ?? props.value }))
      .catch(() => setSelected({ value: props.value, label: props.value }));
  }, [props.value, target, selected?.value]);

  useEffect(() => {
    if (!target) return;
    const text = debounced.trim();
    const controller = new AbortController();
    // Typing the selected label back is not a search.
    searchLabels(target.id, text && text !== selected?.label ? text : "", 20, controller.signal)
      .then((rows) => setOptions(rows.map((row) => ({ value: row.id, label: row.label }))))
      .catch(() => undefined);
    return () => controller.abort();
  }, [target, debounced, selected?.label]);

  const choose = (option: Option | undefined) => {
    setSelected(option);
    props.onChange(option?.value ?? undefined);
  };
  const found = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  // "+ New …" ends the list; when nothing matches, the list says so ('No found items.') above it.
  const canCreate = Boolean(Dialog && target);
  const data = canCreate && found.length > 0 ? [...found, { value: NEW, label: t.newRecord(target!.title) }] : found;
  const nothingFound = canCreate ? (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c="dimmed">
        {t.nothingFound}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setCreating(true)}
        data-testid="picker-new"
      >
        {t.newRecord(target!.title)}
      </Button>
    </Stack>
  ) : (
    t.nothingFound
  );
  return (
    <>
      <Select
        {...fieldProps(props)}
        placeholder={target ? t.choose(target.title) : undefined}
        data={data}
        value={props.value ?? null}
        searchable
        clearable={!props.required}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={nothingFound}
        maxDropdownHeight={200}
        onChange={(value) => {
          if (value === NEW) return setCreating(true);
          choose(data.find((o) => o.value === value));
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {creating && Dialog && target && (
        <Dialog
          model={target}
          closeOnCreate
          onClose={() => setCreating(false)}
          onSaved={(row) => {
            if (!row?.id) return;
            const id = String(row.id);
            // The new record's label from the labeller, so it reads as the others do.
            fetchLabels(target.id, [id])
              .then((labels) => choose({ value: id, label: labels.get(id)?.label ?? id }))
              .catch(() => choose({ value: id, label: id }));
          }}
        />
      )}
    </>
  );
}
