import { Badge, Button, Skeleton } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import type { Language } from "../../../../common/site/page-data.js";
import { Group, Paper, Stack, Text, Title } from "../../render/primitives.js";
import type { Subject } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { deviceText, filled, type DeviceStringKey } from "./device-strings.js";
import { subjectApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";

/** One sign-in as GET {subjects}/{id}/sessions answers it (docs/security.md "Signed-in devices"). */
interface SignedInDevice {
  id: string;
  signedInAt: string;
  lastUsedAt: string;
  address: string | null;
  browser: string;
  os: string;
  current: boolean;
}

const UNKNOWN: Record<string, DeviceStringKey> = {
  "Unknown browser": "unknownBrowser",
  "unknown system": "unknownSystem",
};

function useDeviceTexts() {
  const { language } = useRbac();
  const t = (key: DeviceStringKey, values: Record<string, string> = {}) => filled(deviceText(key, language), values);
  const word = (value: string) => (UNKNOWN[value] ? deviceText(UNKNOWN[value]!, language) : value);
  return { t, language, word };
}

const when = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

/**
 * The account screen's "Signed-in devices": each live sign-in, this one marked, Sign out on the
 * others and Sign out everywhere else. The server refuses a signed-out device's tokens at once,
 * so the other browser finds itself signed out on its next request.
 */
export function SignedInDevices({ subject }: { subject: Subject }) {
  const { t } = useDeviceTexts();
  const { store } = useSession();
  const [devices, setDevices] = useState<SignedInDevice[]>();
  const load = useCallback(async () => {
    setDevices(await store.call<SignedInDevice[]>(`${subjectApi(subject.id)}/sessions`));
  }, [store, subject.id]);
  const loading = useAction(load);
  useEffect(() => void loading.act(), [subject.id]);

  const others = useAction(async () => {
    await store.call(`${subjectApi(subject.id)}/sessions`, { method: "DELETE" });
    showSuccess(t("othersSignedOut"));
    await load();
  });

  return (
    <Stack gap="sm" data-signed-in-devices>
      <Stack gap={4}>
        <Title order={3}>{t("devicesTitle")}</Title>
        <Text size="sm" c="dimmed">
          {t("devicesText")}
        </Text>
      </Stack>
      {!devices && <Skeleton height={56} radius="md" />}
      {devices?.map((device) => (
        <DeviceRow key={device.id} subject={subject} device={device} onSignedOut={load} />
      ))}
      {devices?.every((d) => d.current) && (
        <Text size="sm" c="dimmed">
          {t("noOtherDevices")}
        </Text>
      )}
      {devices?.some((d) => !d.current) && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            onClick={() => void others.act()}
            loading={others.pending}
            data-sign-out-others
          >
            {t("signOutEverywhereElse")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeviceRow({
  subject,
  device,
  onSignedOut,
}: {
  subject: Subject;
  device: SignedInDevice;
  onSignedOut: () => Promise<void>;
}) {
  const { t, language, word } = useDeviceTexts();
  const { store } = useSession();
  const signOut = useAction(async () => {
    await store.call(`${subjectApi(subject.id)}/sessions/${device.id}`, { method: "DELETE" });
    showSuccess(t("deviceSignedOut"));
    await onSignedOut();
  });
  const details = [
    t("signedInAt", { time: when(device.signedInAt, language) }),
    t("lastUsedAt", { time: when(device.lastUsedAt, language) }),
    ...(device.address ? [t("address", { address: device.address })] : []),
  ].join(" · ");
  return (
    <Paper withBorder p="sm" radius="md" data-device={device.id} data-current={device.current || undefined}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {t("deviceOn", { browser: word(device.browser), os: word(device.os) })}
            </Text>
            {device.current && (
              <Badge variant="light" color="teal">
                {t("thisDevice")}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        </Stack>
        {!device.current && (
          <Button
            size="xs"
            variant="default"
            onClick={() => void signOut.act()}
            loading={signOut.pending}
            style={{ flexShrink: 0 }}
          >
            {t("signOutDevice")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
