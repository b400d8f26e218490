import { Button, CloseButton, Group, Input, Popover, Stack, Text, TextInput } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import dayjs from "dayjs";
import { useState } from "react";
import { allowedDay, combine, display, MIN_DATE, twoDigits } from "./date-time-value.js";

interface Props {
  value: string | undefined;
  onChange(value: string | undefined): void;
  label?: string;
  error?: string;
  required?: boolean;
  id?: string;
}

/**
 * A date and time shown as DD/MM/YYYY HH:mm: a calendar (1900-01-01 to today) and two 2-digit
 * hour and minute inputs. Input that is not a valid hour, minute or allowed moment is ignored.
 */
export function DateTimePicker({ value, onChange, label, error, required, id }: Props) {
  const current = value && dayjs(value).isValid() ? dayjs(value) : undefined;
  const [opened, setOpened] = useState(false);
  const [day, setDay] = useState(current?.format("YYYY-MM-DD") ?? dayjs().format("YYYY-MM-DD"));
  const [hour, setHour] = useState(current?.format("HH") ?? "00");
  const [minute, setMinute] = useState(current?.format("mm") ?? "00");

  const apply = (nextDay = day, nextHour = hour, nextMinute = minute) => {
    const iso = combine(nextDay, nextHour, nextMinute);
    if (iso) onChange(iso);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal={false}>
      <Popover.Target>
        <TextInput
          id={id}
          label={label}
          required={required}
          error={error}
          readOnly
          placeholder="Select date and time"
          value={display(value)}
          onClick={() => setOpened(true)}
          rightSection={
            value ? <CloseButton size="sm" aria-label="Clear date" onClick={() => onChange(undefined)} /> : undefined
          }
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <DatePicker
            value={day}
            minDate={MIN_DATE}
            maxDate={dayjs().format("YYYY-MM-DD")}
            defaultDate={day}
            onChange={(picked) => {
              if (picked && allowedDay(picked)) {
                setDay(picked);
                apply(picked);
              }
            }}
          />
          <Group gap="xs" align="flex-end">
            <TwoDigitInput label="Hour" value={hour} max={23} onValid={(h) => (setHour(h), apply(day, h))} />
            <Text pb={6}>:</Text>
            <TwoDigitInput
              label="Minute"
              value={minute}
              max={59}
              onValid={(m) => (setMinute(m), apply(day, hour, m))}
            />
            <Button size="xs" variant="light" onClick={() => setOpened(false)}>
              Done
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Keeps what is typed while typing; takes it (padded) only when it is a valid value, else reverts on blur. */
function TwoDigitInput({
  label,
  value,
  max,
  onValid,
}: {
  label: string;
  value: string;
  max: number;
  onValid(v: string): void;
}) {
  const [text, setText] = useState(value);
  return (
    <Input.Wrapper label={label}>
      <Input
        w={56}
        maxLength={2}
        inputMode="numeric"
        aria-label={label}
        value={text}
        onChange={(e) => {
          const next = e.currentTarget.value.replace(/\D/g, "").slice(0, 2);
          setText(next);
          const valid = twoDigits(next, max);
          if (valid && next.length === 2) onValid(valid);
        }}
        onBlur={() => {
          const valid = twoDigits(text, max);
          if (valid) {
            setText(valid);
            onValid(valid);
          } else setText(value);
        }}
      />
    </Input.Wrapper>
  );
}
