import { Badge, Button, Code } from "@mantine/core";
import { useState } from "react";
import { type ListedApiKey, apiKeysPath, keyAccess } from "../../../../../common/account/api-keys.js";
import type { Language } from "../../../../../common/site/page-data.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { showSuccess, useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { type ApiKeyStringKey, apiKeyTexts } from "./api-key-strings.js";

const ACCESS_WORDS: Record<ReturnType<typeof keyAccess>, ApiKeyStringKey> = {
  read: "readOnly",
  "read-write": "readWrite",
  routes: "customAccess",
};

const when = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

/** One key: its name and first characters, its access in words, last use and expiry; Revoke, asked once more. */
export function ApiKeyRow({
  subject,
  apiKey,
  onRevoked,
}: {
  subject: Subject;
  apiKey: ListedApiKey;
  onRevoked: () => Promise<void>;
}) {
  const { language } = useRbac();
  const t = apiKeyTexts(language);
  const { store } = useSession();
  const [confirming, setConfirming] = useState(false);
  const revoke = useAction(async () => {
    await store.call(`${apiKeysPath(subject.id)}/${apiKey.id}`, { method: "DELETE" });
    showSuccess(t("revoked"));
    await onRevoked();
  });
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= Date.now();
  const details = [
    apiKey.lastUsedAt ? t("lastUsed", { time: when(apiKey.lastUsedAt, language) }) : t("neverUsed"),
    apiKey.expiresAt
      ? t(expired ? "expiredAt" : "expiresAt", { time: when(apiKey.expiresAt, language) })
      : t("noExpiry"),
  ].join(" · ");
  return (
    <Paper withBorder p="sm" radius="md" data-api-key={apiKey.prefix}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" truncate title={apiKey.title}>
              {apiKey.title}
            </Text>
            <Code>{apiKey.prefix}…</Code>
            <Badge variant="light" color={expired ? "gray" : "blue"}>
              {t(ACCESS_WORDS[keyAccess(apiKey.scopes)])}
            </Badge>
          </Group>
          <Text size="xs" c={expired ? "red" : "dimmed"}>
            {details}
          </Text>
          {confirming && (
            <Stack gap="xs" mt="xs">
              <Text size="sm">{t("revokeConfirm", { name: apiKey.title })}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  color="red"
                  loading={revoke.pending}
                  onClick={() => void revoke.act()}
                  data-revoke-confirm
                >
                  {t("revoke")}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  {t("cancel")}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
        {!confirming && (
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)} style={{ flexShrink: 0 }}>
            {t("revoke")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
