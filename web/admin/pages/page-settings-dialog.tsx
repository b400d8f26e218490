import { Button, Group, Loader, SimpleGrid, Stack, TextInput, Textarea, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { useModels } from "../data/models-context.js";
import { notifyError, notifySuccess } from "../notify.js";
import { asTexts, loadMetadata, saveSettings, type PageSettings } from "./page-settings-api.js";
import type { PageRow, Texts } from "./pages-api.js";
import { ComposerModal } from "./composer-modal.js";
import { pagesTexts } from "./pages-texts.js";
import { useUrlSave } from "./use-url-save.js";

type Row = Record<string, any>;

/** Page settings: URL, title and description per language, and the metadata search engines and link previews read. */
export function PageSettingsDialog({ page, onSaved, onClose }: { page: PageRow; onSaved(): void; onClose(): void }) {
  const t = pagesTexts();
  const [metadata, setMetadata] = useState<Row | null>();
  const [form, setForm] = useState<PageSettings>();
  const { errors, setErrors, busy, run } = useUrlSave(t.urlInvalid);
  const asMap =
    useModels()
      .byId.get("host/pages")
      ?.fields.find((f) => f.name === "title")?.kind !== "string";
  useEffect(() => {
    loadMetadata(page.id).then((meta) => {
      setMetadata(meta ?? null);
      setForm({
        url: page.url,
        title: asTexts(page.title, LANGUAGES),
        description: asTexts(page.description, LANGUAGES),
        seoTitle: asTexts(meta?.title, LANGUAGES),
        seoDescription: asTexts(meta?.description, LANGUAGES),
        keywords: meta?.keywords ?? "",
        ogTitle: meta?.opengraph?.title ?? "",
        ogDescription: meta?.opengraph?.description ?? "",
      });
    }, notifyError);
  }, [page]);
  const set = (change: Partial<PageSettings>) => setForm((f) => f && { ...f, ...change });
  const setText = (field: "title" | "description" | "seoTitle" | "seoDescription", language: string, value: string) =>
    setForm((f) => f && { ...f, [field]: { ...f[field], [language]: value } as Texts });
  const save = async () => {
    if (!form) return;
    await run(form.url, async () => {
      await saveSettings(page.id, { ...form, url: form.url.trim() }, metadata ?? undefined, asMap);
      notifySuccess(t.saved);
      onSaved();
      onClose();
    });
  };
  return (
    <ComposerModal onClose={onClose} title={t.settingsTitle} size="xl">
      {!form ? (
        <Loader />
      ) : (
        <Stack gap="sm">
          <TextInput
            label={t.url}
            description={t.urlHelp}
            value={form.url}
            error={errors.url}
            onChange={(e) => (set({ url: e.currentTarget.value }), setErrors({}))}
            data-testid="settings-url"
          />
          <SimpleGrid cols={{ base: 1, sm: LANGUAGES.length }}>
            {LANGUAGES.map((language) => (
              <Stack key={language} gap="xs" lang={language}>
                <TextInput
                  label={t.titleIn(language)}
                  value={form.title[language] ?? ""}
                  onChange={(e) => setText("title", language, e.currentTarget.value)}
                  data-testid={`settings-title-${language}`}
                />
                <Textarea
                  label={t.descriptionIn(language)}
                  autosize
                  minRows={2}
                  value={form.description[language] ?? ""}
                  onChange={(e) => setText("description", language, e.currentTarget.value)}
                  data-testid={`settings-description-${language}`}
                />
              </Stack>
            ))}
          </SimpleGrid>
          <Title order={3} size="h6" mt="sm">
            {t.seo}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: LANGUAGES.length }}>
            {LANGUAGES.map((language) => (
              <Stack key={language} gap="xs" lang={language}>
                <TextInput
                  label={t.seoTitle(language)}
                  value={form.seoTitle[language] ?? ""}
                  onChange={(e) => setText("seoTitle", language, e.currentTarget.value)}
                  data-testid={`settings-seo-title-${language}`}
                />
                <Textarea
                  label={t.seoDescription(language)}
                  autosize
                  minRows={2}
                  value={form.seoDescription[language] ?? ""}
                  onChange={(e) => setText("seoDescription", language, e.currentTarget.value)}
                />
              </Stack>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t.keywords}
              value={form.keywords}
              onChange={(e) => set({ keywords: e.currentTarget.value })}
            />
            <TextInput
              label={t.ogTitle}
              value={form.ogTitle}
              onChange={(e) => set({ ogTitle: e.currentTarget.value })}
            />
            <TextInput
              label={t.ogDescription}
              value={form.ogDescription}
              onChange={(e) => set({ ogDescription: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button loading={busy} onClick={() => void save()} data-testid="settings-save">
              {t.saveSettings}
            </Button>
          </Group>
        </Stack>
      )}
    </ComposerModal>
  );
}
