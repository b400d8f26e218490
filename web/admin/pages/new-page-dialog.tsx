import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { createPage, loadLayouts, textOf, type Texts } from "./pages-api.js";
import { ComposerModal } from "./composer-modal.js";
import { pagesTexts } from "./pages-texts.js";
import { useUrlSave } from "./use-url-save.js";

/** "New page": its URL and title in each language; creates the page (a draft) and opens it in the composer. */
export function NewPageDialog({ onClose }: { onClose(): void }) {
  const t = pagesTexts();
  const navigate = useNavigate();
  const [url, setUrl] = useState("/");
  const [title, setTitle] = useState<Texts>({});
  const { errors, setErrors, busy, run } = useUrlSave(t.urlInvalid);
  const asMap =
    useModels()
      .byId.get("host/pages")
      ?.fields.find((f) => f.name === "title")?.kind !== "string";
  // The site's frame (navbar, footer) comes with the page: the first layout unless the editor picks another or none.
  const [layouts, setLayouts] = useState<{ value: string; label: string }[]>();
  const [layoutId, setLayoutId] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadLayouts(controller.signal).then(
      (rows) => {
        setLayouts(rows.map((l) => ({ value: l.id, label: textOf(l.title, t.language) || l.adminTitle })));
        setLayoutId(rows[0]?.id ?? null);
      },
      (error) => controller.signal.aborted || notifyError(error),
    );
    return () => controller.abort();
  }, []);
  const submit = () =>
    run(url, async () => {
      const page = await createPage(url.trim(), title, asMap, layoutId ?? undefined);
      navigate(`/admin/pages/${page.id}`);
    });
  return (
    <ComposerModal onClose={onClose} title={t.newPage} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t.url}
            description={t.urlHelp}
            value={url}
            error={errors.url}
            required
            onChange={(e) => (setUrl(e.currentTarget.value), setErrors({}))}
            data-testid="new-page-url"
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: LANGUAGES.length }}>
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                lang={language}
                label={t.titleIn(language)}
                value={title[language] ?? ""}
                onChange={(e) => setTitle({ ...title, [language]: e.currentTarget.value })}
                data-testid={`new-page-title-${language}`}
              />
            ))}
          </SimpleGrid>
          <Select
            label={t.layout}
            description={t.layoutHelp}
            placeholder={t.noLayout}
            data={layouts ?? []}
            value={layoutId}
            onChange={setLayoutId}
            clearable
            disabled={!layouts}
            data-testid="new-page-layout"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={busy} data-testid="new-page-create">
              {t.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </ComposerModal>
  );
}
