import { Alert, Button, Group, List, Modal, Text } from "@mantine/core";
import { useRef, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api, withQuery } from "../../api/client.js";
import { routeOf, type Filter } from "../data/list-query.js";
import { notifyError, notifySuccess } from "../notify.js";
import { wordsTexts } from "../words-texts.js";

/** The import's dry-run answer: rows (from 1) it would create and update, and those it refuses. */
interface ImportReport {
  create: number[];
  update: number[];
  rejected: { row: number; reasons: string[] }[];
}

/**
 * Export CSV / Export JSON (the table's current filters; the browser downloads the stream) and
 * Import: the chosen file is first sent as a dry run, whose report is shown, and written only
 * when the admin confirms it.
 */
export function TransferButtons({
  model,
  filters,
  onImported,
}: {
  model: AdminModel;
  filters: Filter[];
  onImported: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [busy, setBusy] = useState(false);
  const exportUrl = (format: "csv" | "json") =>
    withQuery(`${routeOf(model.id)}/export`, {
      format,
      ...(filters.length ? { "filters[and]": JSON.stringify(filters) } : {}),
    });

  const send = async (chosen: File, dryRun: boolean) => {
    const form = new FormData();
    form.append("file", chosen, chosen.name);
    return api<ImportReport & { created: number; updated: number }>(`${routeOf(model.id)}/import`, {
      method: "POST",
      form,
      query: dryRun ? { dryRun: true } : {},
    });
  };
  const check = async (chosen: File) => {
    setBusy(true);
    try {
      setReport(await send(chosen, true));
      setFile(chosen);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setFile(undefined);
    setReport(undefined);
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const done = await send(file, false);
      notifySuccess(`Imported ${file.name}: ${done.created} created, ${done.updated} updated`);
      close();
      onImported();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button component="a" variant="default" href={exportUrl("csv")} download>
        {wordsTexts().exportCsv}
      </Button>
      <Button component="a" variant="default" href={exportUrl("json")} download>
        {wordsTexts().exportJson}
      </Button>
      <Button variant="default" loading={busy && !file} onClick={() => input.current?.click()}>
        {wordsTexts().importFile}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        hidden
        data-testid="import-file"
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (chosen) void check(chosen);
        }}
      />
      <Modal opened={report !== undefined} onClose={close} title={`Import ${file?.name ?? ""}`}>
        {report && (
          <>
            <Text data-testid="import-report">
              {report.create.length} to create, {report.update.length} to update, {report.rejected.length} refused
            </Text>
            {report.rejected.length > 0 && (
              <Alert color="red" mt="sm" title="Nothing will be imported while a row is refused">
                <List size="sm">
                  {report.rejected.slice(0, 20).map(({ row, reasons }) => (
                    <List.Item key={row}>
                      Row {row}: {reasons.join(", ")}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void confirm()} loading={busy} disabled={report.rejected.length > 0}>
                Import {report.create.length + report.update.length} rows
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
