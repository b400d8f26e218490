import { Button, FileButton, Group, Select, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { api } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { FileThumb } from "./file-thumb.js";
import { mediaPage, uploadFile, type MediaFile } from "./media-api.js";
import { mediaTexts } from "./media-texts.js";

type Picked = Pick<MediaFile, "id" | "adminTitle" | "file" | "mimeType" | "extension" | "alt">;

export interface FilePickerProps {
  value: string | undefined;
  onChange(id: string | undefined): void;
  label?: string;
  required?: boolean;
  error?: string;
  id?: string;
}

/**
 * A file chosen by its thumbnail and name, searched by name as one types (the media grid's route),
 * or uploaded in place (then chosen): the generated forms' input for a reference to a file (a
 * product's photo, a slide's picture), and the product editor's.
 */
export function FilePicker({ value, onChange, label, required, error, id }: FilePickerProps) {
  const t = mediaTexts();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Picked[]>([]);
  const [selected, setSelected] = useState<Picked | undefined>();
  const [uploading, setUploading] = useState(false);

  // The current value's file, so its thumbnail and name show before any search.
  useEffect(() => {
    if (!value || selected?.id === value) return;
    api<Picked>(`/api/file-storage/files/${value}`)
      .then(setSelected)
      .catch(() => setSelected(undefined));
  }, [value, selected?.id]);

  useEffect(() => {
    const controller = new AbortController();
    const text = debounced.trim();
    mediaPage(
      { search: text && text !== selected?.adminTitle ? text : undefined, limit: 20, offset: 0 },
      controller.signal,
    )
      .then(({ rows }) => setOptions(rows))
      .catch(() => undefined);
    return () => controller.abort();
  }, [debounced, selected?.adminTitle]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const created = await uploadFile(file);
      setSelected(created);
      setOptions((current) => [created, ...current]);
      onChange(created.id);
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };

  const all = selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;
  const byId = new Map(all.map((o) => [o.id, o]));
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap" data-testid="file-picker">
      {selected && selected.id === value ? <FileThumb file={selected} size={56} language={t.language} /> : null}
      <Select
        id={id}
        label={label}
        required={required}
        error={error}
        placeholder={t.chooseFile}
        data={all.map((o) => ({ value: o.id, label: o.adminTitle }))}
        value={value ?? null}
        searchable
        clearable={!required}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={t.noMatch}
        maxDropdownHeight={280}
        renderOption={({ option }) => {
          const file = byId.get(option.value);
          return (
            <Group gap="sm" wrap="nowrap">
              {file ? <FileThumb file={file} size={32} language={t.language} /> : null}
              <Text size="sm" truncate>
                {option.label}
              </Text>
            </Group>
          );
        }}
        onChange={(picked) => {
          setSelected(picked ? byId.get(picked) : undefined);
          onChange(picked ?? undefined);
        }}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1 }}
      />
      <FileButton onChange={upload}>
        {(props) => (
          <Button variant="default" {...props} loading={uploading} data-testid="file-picker-upload">
            {t.upload}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
