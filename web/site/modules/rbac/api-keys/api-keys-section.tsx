import { Skeleton } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { type CreatedApiKey, type ListedApiKey, apiKeysPath } from "../../../../../common/account/api-keys.js";
import { Stack, Text, Title } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { showError } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { ApiKeyRow } from "./api-key-row.js";
import { apiKeyTexts } from "./api-key-strings.js";
import { NewApiKey } from "./new-api-key.js";
import { NewKeyShown } from "./new-key-shown.js";

/**
 * The account screen's "API keys" (docs/security.md "API keys"): each key (name, its first
 * characters, access in words, last use, expiry) with Revoke, and "New key", whose key is shown
 * once with Copy: the server keeps only its hash.
 */
export function ApiKeysSection({ subject }: { subject: Subject }) {
  const { language } = useRbac();
  const t = apiKeyTexts(language);
  const { store } = useSession();
  const [keys, setKeys] = useState<ListedApiKey[]>();
  const [created, setCreated] = useState<CreatedApiKey>();
  const load = useCallback(async () => {
    try {
      setKeys(await store.call<ListedApiKey[]>(apiKeysPath(subject.id)));
    } catch (error) {
      showError(error);
    }
  }, [store, subject.id]);
  useEffect(() => void load(), [load]);
  const onCreated = async (key: CreatedApiKey) => {
    setCreated(key);
    await load();
  };
  return (
    <Stack gap="sm" data-api-keys>
      <Stack gap={4}>
        <Title order={3}>{t("apiKeys")}</Title>
        <Text size="sm" c="dimmed">
          {t("apiKeysText")}
        </Text>
      </Stack>
      {created && <NewKeyShown created={created} onDone={() => setCreated(undefined)} />}
      {keys === undefined && <Skeleton height={56} radius="md" />}
      {keys?.length === 0 && <Text size="sm">{t("noApiKeys")}</Text>}
      {keys?.map((key) => (
        <ApiKeyRow key={key.id} subject={subject} apiKey={key} onRevoked={load} />
      ))}
      {!created && <NewApiKey subject={subject} onCreated={onCreated} />}
    </Stack>
  );
}
