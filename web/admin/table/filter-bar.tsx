import { ActionIcon, Badge, Button, Group, Popover, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { filterColumns } from "../../../engine/admin/table-columns.js";
import type { Condition as Filter } from "../data/list-query.js";
import { wordsTexts } from "../words-texts.js";

const METHODS = ["eq", "ne", "gt", "gte", "lt", "lte", "ilike", "notIlike", "isNull", "isNotNull"];
const NO_VALUE = new Set(["isNull", "isNotNull"]);

/** Conditions in the API's filter language, added one at a time and shown as removable chips. */
export function FilterBar({
  model,
  filters,
  onChange,
}: {
  model: AdminModel;
  filters: Filter[];
  onChange(filters: Filter[]): void;
}) {
  const t = wordsTexts();
  const columns = filterColumns(model);
  const [opened, setOpened] = useState(false);
  const [column, setColumn] = useState<string | null>(columns[0]?.value ?? null);
  const [method, setMethod] = useState<string | null>("eq");
  const [value, setValue] = useState("");
  const add = () => {
    if (!column || !method) return;
    onChange([...filters, NO_VALUE.has(method) ? { column, method } : { column, method, value }]);
    setValue("");
    setOpened(false);
  };
  return (
    <Group gap="xs">
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpened((o) => !o)}>
            {t.filter}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260}>
            <Select
              label={t.column}
              data={columns}
              value={column}
              onChange={setColumn}
              searchable
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t.condition}
              data={METHODS}
              value={method}
              onChange={setMethod}
              comboboxProps={{ withinPortal: false }}
            />
            {method && !NO_VALUE.has(method) && (
              <TextInput label={t.value} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
            )}
            <Button onClick={add}>{t.applyFilter}</Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {filters.map((f, i) => (
        <Badge
          key={i}
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              aria-label={t.removeFilter}
              onClick={() => onChange(filters.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          }
        >
          {f.column} {f.method} {f.value === undefined ? "" : String(f.value)}
        </Badge>
      ))}
    </Group>
  );
}
