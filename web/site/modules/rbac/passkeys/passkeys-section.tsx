import { Skeleton } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { type Passkey, passkeysApi } from "../../../../api/passkeys.js";
import { Stack, Text, Title } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { showError } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { AddPasskey } from "./add-passkey.js";
import { PasskeyRow } from "./passkey-row.js";
import { passkeyTexts } from "./passkey-strings.js";

/**
 * The account screen's "Passkeys": the subject's passkeys (name, added, last used; rename,
 * remove) and "Add a passkey". An account with no sign-in method yet has none to add to (the
 * server refuses: a passkey is never the only way in), so it shows nothing.
 */
export function PasskeysSection({ subject }: { subject: Subject }) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const { store } = useSession();
  const [passkeys, setPasskeys] = useState<Passkey[] | undefined>();
  const load = useCallback(async () => {
    try {
      setPasskeys(await store.call<Passkey[]>(passkeysApi(subject.id)));
    } catch (error) {
      showError(error);
    }
  }, [store, subject.id]);
  useEffect(() => void load(), [load]);
  if (subject.identities.length === 0) return null;
  return (
    <Stack gap="sm" data-passkeys>
      <Stack gap={4}>
        <Title order={3}>{t("passkeys")}</Title>
        <Text size="sm" c="dimmed">
          {t("passkeysText")}
        </Text>
      </Stack>
      {passkeys === undefined && <Skeleton height={56} radius="md" />}
      {passkeys?.length === 0 && <Text size="sm">{t("noPasskeys")}</Text>}
      {passkeys?.map((passkey) => (
        <PasskeyRow key={passkey.id} subject={subject} passkey={passkey} onChanged={load} />
      ))}
      <AddPasskey subject={subject} onAdded={load} />
    </Stack>
  );
}
