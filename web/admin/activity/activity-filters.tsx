import { Box, Button, Group, Select, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { AUDIT_ACTIONS } from "../../../common/admin/audit-entry.js";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { useModels } from "../data/models-context.js";
import type { ChosenFilters } from "./chosen-filters.js";
import type { ActivityTexts } from "./activity-texts.js";
import { PersonPicker } from "./person-picker.js";

// Five filters in one row beside the screen's 960 px at most; on a phone each its own line, the dates two halves.
const WIDTH = { base: "100%", xs: 200 };
const DAY_WIDTH = { base: "calc(50% - var(--mantine-spacing-sm) / 2)", xs: 150 };

/** Person, kind of record (by its name in words), action and dates; Clear filters when any is set. */
export function ActivityFilters({
  value,
  onChange,
  t,
}: {
  value: ChosenFilters;
  onChange(next: ChosenFilters): void;
  t: ActivityTexts;
}) {
  const { list } = useModels();
  const kinds = useMemo(
    () =>
      list
        .map((m) => ({ value: m.id, label: recordKind(m.id, t.language, m.title) }))
        .sort((a, b) => a.label.localeCompare(b.label, t.language)),
    [list, t.language],
  );
  const set = (patch: Partial<ChosenFilters>) => onChange({ ...value, ...patch });
  const any = Object.values(value).some((v) => v !== undefined && v !== "");
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="activity-filters">
      <Box w={WIDTH}>
        {/* Keyed by the person: Clear filters (or another choice) starts its search box over. */}
        <PersonPicker
          key={value.person?.subjectId ?? ""}
          value={value.person}
          onChange={(person) => set({ person })}
          t={t}
        />
      </Box>
      <Select
        w={WIDTH}
        label={t.kind}
        placeholder={t.kindPlaceholder}
        data={kinds}
        searchable
        clearable
        value={value.model ?? null}
        onChange={(model) => set({ model: model ?? undefined })}
        data-testid="activity-kind"
      />
      <Select
        w={WIDTH}
        label={t.action}
        placeholder={t.actionPlaceholder}
        data={AUDIT_ACTIONS.map((action) => ({ value: action, label: t.actions[action] ?? action }))}
        clearable
        value={value.action ?? null}
        onChange={(action) => set({ action: action ?? undefined })}
        data-testid="activity-action"
      />
      <TextInput
        w={DAY_WIDTH}
        type="date"
        label={t.from}
        value={value.fromDay ?? ""}
        onChange={(e) => set({ fromDay: e.currentTarget.value || undefined })}
        data-testid="activity-from"
      />
      <TextInput
        w={DAY_WIDTH}
        type="date"
        label={t.to}
        value={value.toDay ?? ""}
        onChange={(e) => set({ toDay: e.currentTarget.value || undefined })}
        data-testid="activity-to"
      />
      {any && (
        <Button variant="subtle" onClick={() => onChange({})} data-testid="activity-clear">
          {t.clearFilters}
        </Button>
      )}
    </Group>
  );
}
