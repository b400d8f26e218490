import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { PublicationBadge } from "../editorial/publication-badge.js";
import { ScreenTable } from "../table/screen-table.js";
import { NewPageDialog } from "./new-page-dialog.js";
import { pageCopyTexts } from "./page-copy-texts.js";
import { listPages, textOf, type PageRow } from "./pages-api.js";
import { pageSearch } from "./page-search.js";
import { pagesTexts } from "./pages-texts.js";
import { TemplatesSection } from "./templates-section.js";
import { usePageCopy } from "./use-page-copy.js";

const PAGE_SIZE = 20;

/**
 * /admin/pages: the site's pages by title (in the admin's language) and URL with their state,
 * searched and paged, each with "Duplicate"; "New page" (blank or from a template); and the page
 * templates apart, under the pages.
 */
export function PagesPage() {
  const t = pagesTexts();
  const c = pageCopyTexts();
  const { busy, copy } = usePageCopy();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(0);
  // The New page dialog, open with a template chosen ("Use") or blank.
  const [creating, setCreating] = useState<{ templateId?: string }>();
  // Titles became language maps (docs/languages.md); a server whose titles are still text is searched by that text.
  const titleIsMap =
    useModels()
      .byId.get("host/pages")
      ?.fields.find((f) => f.name === "title")?.kind !== "string";
  const [state, setState] = useState<{
    data?: { rows: PageRow[]; total: number };
    loading: boolean;
  }>({ loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    listPages(
      {
        ...pageSearch(debounced, titleIsMap),
        "orderBy[and]": JSON.stringify([{ column: "url", method: "asc" }]),
        limit: PAGE_SIZE,
        offset: page * PAGE_SIZE,
      },
      controller.signal,
    )
      .then((data) => setState({ data, loading: false }))
      .catch((error) => controller.signal.aborted || (setState((s) => ({ ...s, loading: false })), notifyError(error)));
    return () => controller.abort();
  }, [debounced, page, titleIsMap]);
  const { data, loading } = state;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t.pages}
        </Title>
        <Button onClick={() => setCreating({})} data-testid="page-new">
          {t.newPage}
        </Button>
      </Group>
      <ScreenTable
        testId="pages-table"
        search={{ label: t.search, value: search, onChange: setSearch, testId: "pages-search" }}
        list={{ data, loading, page, onPage: setPage, pageSize: PAGE_SIZE }}
        texts={t}
        headers={[t.title, t.url, t.state, c.actions]}
        minWidth={680}
      >
        {data?.rows.map((row) => (
          <Table.Tr key={row.id} data-testid="page-row">
            <Table.Td>
              <Anchor component={Link} to={`/admin/pages/${row.id}`} c="indigo.9" data-testid="page-title">
                {textOf(row.title, t.language) || row.adminTitle || t.untitled}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {row.url}
              </Text>
            </Table.Td>
            <Table.Td>
              <PublicationBadge publication={row.publication} />
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                loading={busy === row.id}
                onClick={() => void copy(row)}
                aria-label={c.duplicateLabel(textOf(row.title, t.language) || row.adminTitle || t.untitled)}
                data-testid="page-duplicate"
              >
                {c.duplicate}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScreenTable>
      {/* Below the pages once their first page is in: shown before, it would be pushed down as the rows arrive. */}
      {(data || !loading) && <TemplatesSection onUse={(template) => setCreating({ templateId: template.id })} />}
      {creating && <NewPageDialog templateId={creating.templateId} onClose={() => setCreating(undefined)} />}
    </Stack>
  );
}
