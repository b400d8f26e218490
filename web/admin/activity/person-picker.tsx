import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import type { ActivityTexts } from "./activity-texts.js";
import { searchPeople, type Person } from "./people-search.js";

interface Props {
  value: Person | undefined;
  onChange(person: Person | undefined): void;
  t: ActivityTexts;
}

/** Picks a person by typing part of their email: the log is filtered by the account behind it. */
export function PersonPicker({ value, onChange, t }: Props) {
  const [search, setSearch] = useState(value?.email ?? "");
  const [typed] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<Person[]>([]);
  useEffect(() => {
    // The chosen person's email in the box is no search of its own.
    if (!typed.trim() || typed === value?.email) return;
    const controller = new AbortController();
    searchPeople(typed, controller.signal)
      .then(setFound)
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [typed, value?.email]);
  // The chosen person stays among the choices, so the box keeps showing their email.
  const people = value && !found.some((p) => p.subjectId === value.subjectId) ? [value, ...found] : found;
  return (
    <Select
      label={t.person}
      placeholder={t.personPlaceholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={people.map((p) => ({ value: p.subjectId, label: p.email }))}
      value={value?.subjectId ?? null}
      onChange={(id) => onChange(people.find((p) => p.subjectId === id))}
      nothingFoundMessage={typed.trim() ? t.nobodyFound : undefined}
      filter={({ options }) => options}
      data-testid="activity-person"
    />
  );
}
