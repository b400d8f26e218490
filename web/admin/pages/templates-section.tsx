import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { notifyError } from "../notify.js";
import { pageCopyTexts } from "./page-copy-texts.js";
import { listTemplates, textOf, type PageRow } from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";
import { usePageCopy } from "./use-page-copy.js";

/**
 * The page templates, apart from the pages: each by its title (opens it in the composer to edit),
 * what it holds, "Use" (the New page dialog with it chosen) and "Duplicate" (a copy that is a template too).
 */
export function TemplatesSection({ onUse }: { onUse(template: PageRow): void }) {
  const t = pagesTexts();
  const c = pageCopyTexts();
  const { busy, copy } = usePageCopy();
  const [templates, setTemplates] = useState<PageRow[]>();
  useEffect(() => {
    const controller = new AbortController();
    listTemplates(controller.signal).then(setTemplates, (error) => controller.signal.aborted || notifyError(error));
    return () => controller.abort();
  }, []);
  const nameOf = (row: PageRow) => textOf(row.title, t.language) || row.adminTitle || t.untitled;
  return (
    <Stack gap="xs" component="section" aria-labelledby="page-templates-title">
      <Title order={2} size="h3" id="page-templates-title">
        {c.templates}
      </Title>
      <Text size="sm" c="dimmed">
        {c.templatesHelp}
      </Text>
      <Paper withBorder radius="md" p="md" data-testid="templates-table">
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.title}</Table.Th>
                <Table.Th>{t.description}</Table.Th>
                <Table.Th>{c.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" c="dimmed">
                      {c.noTemplates}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {templates?.map((row) => (
                <Table.Tr key={row.id} data-testid="template-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/pages/${row.id}`} c="indigo.9" data-testid="template-title">
                      {nameOf(row)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{textOf(row.description, t.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => onUse(row)} aria-label={c.chooseLabel(nameOf(row))}>
                        {c.choose}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === row.id}
                        onClick={() => void copy(row, { template: true })}
                        aria-label={c.duplicateLabel(nameOf(row))}
                      >
                        {c.duplicate}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
