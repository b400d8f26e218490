import { Button, SimpleGrid } from "@mantine/core";
import { useState } from "react";
import { Code } from "@mantine/core";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import { useTwoFactorTexts } from "./use-two-factor-texts.js";

/** The recovery codes, shown this once, with Copy and Done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useTwoFactorTexts();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join("\n"));
    setCopied(true);
  };
  return (
    <Paper withBorder p="md" radius="md" data-recovery-codes>
      <Stack gap="sm">
        <Text fw={600}>{t("recoveryTitle")}</Text>
        <Text size="sm">{t("recoveryText")}</Text>
        <SimpleGrid cols={2} spacing="xs">
          {codes.map((code) => (
            <Code key={code} data-recovery-code>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button variant="default" onClick={() => void copy().catch(() => setCopied(false))}>
            {copied ? t("copied") : t("copy")}
          </Button>
          <Button onClick={onDone}>{t("done")}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
