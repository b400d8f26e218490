import { Button, Checkbox, Code, Group, Input, Pill, Select, Stack, Text, TextInput } from "@mantine/core";
import { upperFirst } from "@mantine/hooks";
import { useState } from "react";
import { checkPattern, countMatching, eventWords, type EventCatalogue } from "./event-words.js";
import { eventTexts } from "./event-texts.js";

interface Props {
  value: string[];
  onChange(events: string[]): void;
  catalogue: EventCatalogue;
  error?: string;
}

const ANY = "*";
const EVERY = "*.*.*";

/**
 * A webhook's events, picked rather than typed: the chosen ones as pills (name and type, each
 * removable); "Every event"; the events modules queue by name (an order paid) as boxes; a kind of
 * record (or any) and its change (or any) added as `blog.articles.updated`, `*.*.deleted`; and
 * any pattern typed by hand, checked as typed (its shape, how many events it takes).
 */
export function EventsPicker({ value, onChange, catalogue, error }: Props) {
  const t = eventTexts();
  const [model, setModel] = useState<string>(ANY);
  const [action, setAction] = useState<string>(ANY);
  const [typed, setTyped] = useState("");
  const toggle = (pattern: string, on: boolean) =>
    onChange(on ? [...value, pattern] : value.filter((chosen) => chosen !== pattern));
  const add = (pattern: string) => {
    if (!value.includes(pattern)) onChange([...value, pattern]);
  };
  const actions =
    model === ANY
      ? ["created", "updated", "deleted", "published", "unpublished"]
      : (catalogue.models.find((m) => m.key === model)?.actions ?? []);
  const recordPattern = `${model === ANY ? "*.*" : model}.${actions.includes(action) ? action : ANY}`;
  const typedCheck = checkPattern(typed, catalogue, value, t);
  const addTyped = () => {
    if (!typed.trim() || typedCheck.error) return;
    add(typed.trim());
    setTyped("");
  };
  return (
    <Input.Wrapper label={t.chosen} description={t.eventsHelp} error={error} data-testid="webhook-events">
      <Stack gap="sm" mt={6}>
        <Group gap={6} mih={28} data-testid="webhook-events-chosen">
          {value.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noneChosen}
            </Text>
          ) : (
            value.map((pattern) => {
              const words = eventWords(pattern, catalogue, t);
              return (
                <Pill
                  key={pattern}
                  size="md"
                  withRemoveButton
                  onRemove={() => toggle(pattern, false)}
                  removeButtonProps={{ "aria-label": t.remove(words ?? pattern) }}
                  data-event={pattern}
                >
                  {words ?? t.matching(countMatching(pattern, catalogue))} · <code>{pattern}</code>
                </Pill>
              );
            })
          )}
        </Group>
        <Checkbox
          label={
            <>
              {t.everyEvent} <Code>{EVERY}</Code>
            </>
          }
          checked={value.includes(EVERY)}
          onChange={(e) => toggle(EVERY, e.currentTarget.checked)}
        />
        <Text size="sm" fw={600} mt={4}>
          {t.namedEvents}
        </Text>
        {catalogue.named.map((type) => (
          <Checkbox
            key={type}
            label={
              <>
                {t.named[type] ?? type} <Code>{type}</Code>
              </>
            }
            checked={value.includes(type)}
            onChange={(e) => toggle(type, e.currentTarget.checked)}
            data-event-option={type}
          />
        ))}
        <Text size="sm" fw={600} mt={4}>
          {t.recordChanges}
        </Text>
        <Text size="sm" c="dimmed" mt={-8}>
          {t.recordChangesHelp}
        </Text>
        <Group align="end" gap="xs">
          <Select
            label={t.records}
            data={[
              { value: ANY, label: t.anyRecord },
              ...catalogue.models.map((m) => ({ value: m.key, label: `${m.name} — ${m.key}` })),
            ]}
            value={model}
            onChange={(next) => setModel(next ?? ANY)}
            allowDeselect={false}
            searchable
            w={{ base: "100%", xs: 300 }}
            data-testid="webhook-record-model"
          />
          <Select
            label={t.change}
            data={[
              { value: ANY, label: t.anyChange },
              ...actions.map((a) => ({ value: a, label: upperFirst(t.actions[a] ?? a) })),
            ]}
            value={actions.includes(action) ? action : ANY}
            onChange={(next) => setAction(next ?? ANY)}
            allowDeselect={false}
            w={{ base: "100%", xs: 200 }}
            data-testid="webhook-record-action"
          />
          <Button
            variant="light"
            onClick={() => add(recordPattern)}
            disabled={value.includes(recordPattern)}
            data-testid="webhook-record-add"
          >
            {t.add} <Code ml={6}>{recordPattern}</Code>
          </Button>
        </Group>
        <Text size="sm" fw={600} mt={4}>
          {t.pattern}
        </Text>
        <Text size="sm" c="dimmed" mt={-8}>
          {t.patternHelp}
        </Text>
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label={t.pattern}
            placeholder="ecommerce.*.created"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter adds the pattern rather than sending the form.
              if (e.key === "Enter") {
                e.preventDefault();
                addTyped();
              }
            }}
            error={typedCheck.error}
            w={{ base: "100%", xs: 420 }}
            spellCheck={false}
            autoCapitalize="off"
            data-testid="webhook-pattern"
          />
          <Button
            variant="light"
            onClick={addTyped}
            disabled={!typed.trim() || !!typedCheck.error}
            data-testid="webhook-pattern-add"
          >
            {t.add}
          </Button>
        </Group>
        {typedCheck.matching !== undefined ? (
          <Text size="sm" c="dimmed" mt={-8} data-testid="webhook-pattern-matches">
            {t.patternMatches(typedCheck.matching)}
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
