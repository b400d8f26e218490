import { Button, Code } from "@mantine/core";
import { useState } from "react";
import type { CreatedApiKey } from "../../../../../common/account/api-keys.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import { useRbac } from "../use-rbac.js";
import { apiKeyTexts } from "./api-key-strings.js";

/** The new key, shown this once (the server keeps only its hash), with Copy and Done. */
export function NewKeyShown({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { language } = useRbac();
  const t = apiKeyTexts(language);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <Paper withBorder p="md" radius="md" data-new-api-key>
      <Stack gap="sm">
        <Text fw={600}>
          {t("keyCreatedTitle")}: {created.title}
        </Text>
        <Text size="sm">{t("keyCreatedText")}</Text>
        <Code block style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-api-key-secret>
          {created.key}
        </Code>
        <Group gap="sm">
          <Button variant="default" onClick={() => void copy().catch(() => setCopied(false))} data-copy-api-key>
            {copied ? t("copied") : t("copy")}
          </Button>
          <Button onClick={onDone}>{t("done")}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
