import { adminLanguage } from "../admin-language.js";
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { EmptyRow } from "../table/empty-row.js";
import { PagePager } from "../table/page-pager.js";
import { submissionsTexts } from "../../../common/admin/submissions-texts.js";
import { submissionsRoute, useSubmissions } from "./use-submissions.js";
import { momentText } from "../time/time-text.js";

const PAGE_SIZE = 20;

/** /admin/forms/{id}: the form's submissions as a table, its inputs as the columns, newest first, with a CSV download. */
export function FormSubmissionsPage() {
  const { id = "" } = useParams();
  const t = submissionsTexts(adminLanguage());
  const [page, setPage] = useState(0);
  const { data, loading } = useSubmissions(id, t.language, page, PAGE_SIZE);
  const csv = `${submissionsRoute(id)}/csv?language=${t.language}`;
  const when = (iso: string) => momentText(iso, t.language);
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/admin/crm/forms" size="sm">
          ← {t.forms}
        </Anchor>
        <Title order={2} data-testid="form-title">
          {data?.form.title ?? "…"}
        </Title>
        <Text c="dimmed" size="sm">
          {t.submissions}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md" data-testid="form-submissions">
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed" data-testid="submissions-total">
            {data ? t.count(data.total) : ""}
          </Text>
          <Button component="a" href={csv} download variant="default" data-testid="submissions-csv">
            {t.downloadCsv}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover verticalSpacing="xs" style={{ opacity: loading ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.submittedAt}</Table.Th>
                {data?.columns.map((c) => (
                  <Table.Th key={c.slug}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.rows.map((row) => (
                <Table.Tr key={row.id} data-testid="submission-row">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{when(row.createdAt)}</Table.Td>
                  {data.columns.map((c) => (
                    <Table.Td key={c.slug} style={{ whiteSpace: "pre-wrap" }}>
                      {row.values[c.slug]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {data && data.rows.length === 0 && <EmptyRow colSpan={data.columns.length + 1}>{t.none}</EmptyRow>}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PagePager total={data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} />
      </Paper>
    </Stack>
  );
}
