import { Button, Code, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { TwoFactorEnrolmentTexts } from "./two-factor-enrolment-texts.js";

interface Props {
  codes: string[];
  texts: TwoFactorEnrolmentTexts;
  onDone(): Promise<void>;
}

/** The ten recovery codes, shown this once after enrolment, with Copy and the way on. */
export function RecoveryCodesPanel({ codes, texts: t, onDone }: Props) {
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(codes.join("\n")).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const done = async () => {
    setPending(true);
    try {
      await onDone();
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap="sm" data-recovery-codes>
      <Text fw={600}>{t.recoveryTitle}</Text>
      <Text size="sm">{t.recoveryText}</Text>
      <SimpleGrid cols={2} spacing="xs">
        {codes.map((code) => (
          <Code key={code} data-recovery-code>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {copied ? t.copied : t.copy}
        </Button>
        <Button onClick={() => void done()} loading={pending}>
          {t.continue}
        </Button>
      </Group>
    </Stack>
  );
}
