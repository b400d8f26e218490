import { Badge, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { type ListedApiKey, apiKeysPath, keyAccess } from "../../../common/account/api-keys.js";
import { api } from "../../api/client.js";
import { notifyError, notifySuccess } from "../notify.js";
import { signInSecurityTexts } from "./sign-in-security-texts.js";
import { momentText } from "../time/time-text.js";

/**
 * A person's API keys in their admin record (docs/security.md "API keys"): name, first
 * characters, access, last use and expiry, and Revoke, asked once more. An administrator may take
 * a key away, never make one in the person's name.
 */
export function PersonApiKeys({ subjectId }: { subjectId: string }) {
  const t = signInSecurityTexts();
  const [keys, setKeys] = useState<ListedApiKey[]>();
  const [confirming, setConfirming] = useState<string>();
  const [pending, setPending] = useState(false);
  const load = useCallback(async () => setKeys(await api<ListedApiKey[]>(apiKeysPath(subjectId))), [subjectId]);
  useEffect(() => {
    load().catch(notifyError);
  }, [load]);
  const revoke = async (key: ListedApiKey) => {
    setPending(true);
    try {
      await api(`${apiKeysPath(subjectId)}/${key.id}`, { method: "DELETE" });
      notifySuccess(t.keyRevoked(key.title));
      setConfirming(undefined);
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  };
  const when = (iso: string) => momentText(iso, t.locale);
  if (!keys) return null;
  return (
    <Stack gap="xs" data-person-api-keys>
      <Text fw={500}>{t.apiKeys(keys.length)}</Text>
      {keys.map((key) => (
        <Group key={key.id} justify="space-between" wrap="nowrap" align="flex-start" data-person-api-key={key.prefix}>
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {key.title}
              </Text>
              <Code>{key.prefix}…</Code>
              <Badge variant="light" size="sm">
                {t.access[keyAccess(key.scopes)]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {key.lastUsedAt ? t.lastUsed(when(key.lastUsedAt)) : t.neverUsed} ·{" "}
              {key.expiresAt ? t.expires(when(key.expiresAt)) : t.noExpiry}
            </Text>
          </Stack>
          {confirming === key.id ? (
            <Group gap="xs" wrap="nowrap">
              <Button color="red" size="compact-sm" loading={pending} onClick={() => void revoke(key)}>
                {t.revokeConfirm}
              </Button>
              <Button variant="default" size="compact-sm" onClick={() => setConfirming(undefined)}>
                {t.cancel}
              </Button>
            </Group>
          ) : (
            <Button variant="light" color="red" size="compact-sm" onClick={() => setConfirming(key.id)}>
              {t.revoke}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
