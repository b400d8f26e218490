import { Loader, MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { BELOW, DROPDOWN } from "./pricing-inputs.js";
import { namesOf, searchNames } from "./record-names.js";
import { pricingTexts } from "./pricing-texts.js";

type Option = { value: string; label: string };

interface PickerProps {
  /** The model whose records are picked ("ecommerce/products"). */
  modelId: string;
  label: string;
  description?: string;
  placeholder?: string;
  error?: string;
  testId: string;
}

/**
 * Records of a model offered by their names (a product by its title in the admin's language),
 * searched by any title as one types, 20 at a time; the chosen ones named too.
 * `ready` turns true once every chosen record has its name, so no id ever shows in a pill.
 */
function useRecordOptions(modelId: string, chosen: readonly string[], search: string) {
  const t = pricingTexts();
  const [names, setNames] = useState(new Map<string, string>());
  const [found, setFound] = useState<Option[]>([]);
  const [debounced] = useDebouncedValue(search, 250);
  const name = (entries: [string, string][]) => setNames((known) => new Map([...known, ...entries]));
  useEffect(() => {
    const missing = chosen.filter((id) => !names.has(id));
    if (missing.length === 0) return;
    const controller = new AbortController();
    namesOf(modelId, missing, t.language, controller.signal).then(
      // A record gone since (deleted) is named so, never by its id.
      (found) => name(missing.map((id) => [id, found.get(id) ?? t.gone])),
      () => undefined,
    );
    return () => controller.abort();
  }, [modelId, chosen.join()]);
  // The chosen record's name shown back in a select's box is not a search.
  const query = chosen.some((id) => names.get(id) === debounced.trim()) ? "" : debounced;
  useEffect(() => {
    const controller = new AbortController();
    searchNames(modelId, query, t.language, controller.signal).then(
      (options) => {
        name(options.map((o) => [o.value, o.label]));
        setFound(options);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [modelId, query]);
  const data = [
    ...chosen.filter((id) => names.has(id)).map((id) => ({ value: id, label: names.get(id)! })),
    ...found.filter((o) => !chosen.includes(o.value)),
  ];
  return { data, ready: chosen.every((id) => names.has(id)) };
}

/** Several records picked by name from a searching list (a code's products or categories). */
export function RecordMultiSelect({
  value,
  onChange,
  ...props
}: PickerProps & { value: string[]; onChange(ids: string[]): void }) {
  const t = pricingTexts();
  const [search, setSearch] = useState("");
  const { data, ready } = useRecordOptions(props.modelId, value, search);
  if (!ready) return <Loader size="sm" />;
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      {...BELOW}
      placeholder={value.length ? undefined : props.placeholder}
      error={props.error}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (any title, any language): its answer is the list.
      filter={({ options }) => options}
      hidePickedOptions
      clearable
      nothingFoundMessage={t.nothingFound}
      comboboxProps={DROPDOWN}
      data-testid={props.testId}
    />
  );
}

/** One record picked by name, or none (`placeholder` says what none means: "All products"). */
export function RecordSelect({
  value,
  onChange,
  ...props
}: PickerProps & { value: string | null; onChange(id: string | null): void }) {
  const t = pricingTexts();
  const [search, setSearch] = useState("");
  const chosen = value ? [value] : [];
  const { data, ready } = useRecordOptions(props.modelId, chosen, search);
  if (!ready) return <Loader size="sm" />;
  return (
    <Select
      label={props.label}
      description={props.description}
      {...BELOW}
      placeholder={props.placeholder}
      error={props.error}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={t.nothingFound}
      comboboxProps={DROPDOWN}
      data-testid={props.testId}
    />
  );
}
