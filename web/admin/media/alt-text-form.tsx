import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { notifyError, notifySuccess } from "../notify.js";
import { saveAlt, type MediaFile } from "./media-api.js";
import type { MediaTexts } from "./media-texts.js";

/** The file's alt text, one input per site language, saved together. */
export function AltTextForm({ file, t, onSaved }: { file: MediaFile; t: MediaTexts; onSaved(file: MediaFile): void }) {
  const [alt, setAlt] = useState<Record<string, string>>(() => ({ ...file.alt }));
  const [saving, setSaving] = useState(false);
  const changed = LANGUAGES.some((l) => (alt[l] ?? "") !== (file.alt[l] ?? ""));
  const save = async () => {
    setSaving(true);
    try {
      // Empty inputs are left out, so "no text" stays no text rather than "".
      const saved = await saveAlt(file.id, Object.fromEntries(Object.entries(alt).filter(([, v]) => v.trim() !== "")));
      notifySuccess(t.saved);
      onSaved({ ...file, alt: saved.alt ?? {} });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          {t.altText}
        </Text>
        <Text size="xs" c="dimmed">
          {t.altHelp}
        </Text>
      </div>
      {LANGUAGES.map((language) => (
        <TextInput
          key={language}
          label={`${t.altText} (${t.altIn(language)})`}
          lang={language}
          value={alt[language] ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setAlt((current) => ({ ...current, [language]: value }));
          }}
          data-testid={`alt-${language}`}
        />
      ))}
      <Group justify="flex-end">
        <Button size="xs" onClick={save} loading={saving} disabled={!changed} data-testid="alt-save">
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
