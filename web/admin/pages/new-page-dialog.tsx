import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { useModels } from "../data/models-context.js";
import { notifyError, notifySuccess } from "../notify.js";
import { addToNavigation } from "./add-to-navigation.js";
import {
  createPage,
  duplicatePage,
  listTemplates,
  loadLayouts,
  storedText,
  textOf,
  type PageRow,
  type Texts,
} from "./pages-api.js";
import { ComposerModal } from "./composer-modal.js";
import { pageCopyTexts } from "./page-copy-texts.js";
import { pagesTexts } from "./pages-texts.js";
import { BLANK, TemplateChoice } from "./template-choice.js";
import { useUrlSave } from "./use-url-save.js";

/**
 * "New page": a blank page or one of the page templates, its URL and title in each language;
 * creates the page (a draft) and opens it in the composer. A blank page is framed by the layout
 * chosen here; a page from a template is the template's copy (its layout, blocks and texts) under
 * the URL and title typed here, made on the server in one transaction.
 */
export function NewPageDialog({ onClose, templateId }: { onClose(): void; templateId?: string }) {
  const t = pagesTexts();
  const c = pageCopyTexts();
  const navigate = useNavigate();
  const [url, setUrl] = useState("/");
  const [title, setTitle] = useState<Texts>({});
  const { errors, setErrors, busy, run } = useUrlSave(t.urlInvalid);
  const models = useModels().byId;
  const asMap = models.get("host/pages")?.fields.find((f) => f.name === "title")?.kind !== "string";
  // A link to the new page at the end of its layout's navigation bar (one step less than the composer).
  const [inNavigation, setInNavigation] = useState(false);
  // The site's frame (navbar, footer) comes with the page: the first layout unless the editor picks another or none.
  const [layouts, setLayouts] = useState<{ value: string; label: string }[]>();
  const [layoutId, setLayoutId] = useState<string | null>(null);
  const [templates, setTemplates] = useState<PageRow[]>([]);
  const [start, setStart] = useState(templateId ?? BLANK);
  useEffect(() => {
    const controller = new AbortController();
    loadLayouts(controller.signal).then(
      (rows) => {
        setLayouts(rows.map((l) => ({ value: l.id, label: textOf(l.title, t.language) || l.adminTitle })));
        setLayoutId(rows[0]?.id ?? null);
      },
      (error) => controller.signal.aborted || notifyError(error),
    );
    listTemplates(controller.signal).then(setTemplates, (error) => controller.signal.aborted || notifyError(error));
    return () => controller.abort();
  }, []);
  const typed = Object.values(title).some((text) => text.trim());
  const submit = () =>
    run(url, async () => {
      try {
        const page =
          start === BLANK
            ? await createPage(url.trim(), title, asMap, layoutId ?? undefined)
            : await duplicatePage(start, {
                url: url.trim(),
                ...(typed ? { title: storedText(title, asMap), description: storedText(title, asMap) } : {}),
              });
        if (inNavigation) {
          // Named by the title typed, else by the template's (a copy keeps it).
          const name = typed ? title : typeof page.title === "string" ? { en: page.title } : (page.title ?? {});
          const added = await addToNavigation(page.id, page.url, name, models).catch((error) => {
            notifyError(error);
            return undefined;
          });
          if (added === false) notifySuccess(t.noNavigation);
        }
        navigate(`/admin/pages/${page.id}`);
      } catch (error) {
        // The server names the page holding the address in English: the field says it in the admin's language.
        if (error instanceof ApiError && error.status === 409) setErrors({ url: c.urlTaken });
        else throw error;
      }
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
          <TemplateChoice templates={templates} value={start} onChange={setStart} language={t.language} />
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
          {start === BLANK ? (
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
          ) : (
            <Text size="sm" c="dimmed" data-testid="new-page-template-note">
              {c.templateLayout}
            </Text>
          )}
          <Checkbox
            label={t.addToNavigation}
            description={t.addToNavigationHelp}
            checked={inNavigation}
            onChange={(e) => setInNavigation(e.currentTarget.checked)}
            disabled={start === BLANK && !layoutId}
            data-testid="new-page-navigation"
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
