import { Drawer, Group, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { FileDetails } from "./file-details.js";
import { MediaCard } from "./media-card.js";
import { mediaTexts } from "./media-texts.js";
import { UploadDrop } from "./upload-drop.js";
import { useMediaPage } from "./use-media-page.js";

const PAGE_SIZE = 24;

/**
 * /admin/media: every stored file as a grid of thumbnails (newest first, searched by name, a page
 * at a time), uploads by drag and drop or the file button, and a panel per file with what was read
 * from it, its alt text per language, where it is used and Delete.
 */
export function MediaPage() {
  const t = mediaTexts();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | undefined>();
  const { rows, total, loading, reload, replace } = useMediaPage(debounced, page, PAGE_SIZE);
  const open = rows?.find((r) => r.id === openId);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t.media}</Title>
        <Text c="dimmed" size="sm" data-testid="media-total">
          {total !== undefined ? t.count(total) : "…"}
        </Text>
      </div>
      <UploadDrop
        onUploaded={() => {
          setPage(0);
          reload();
        }}
      />
      <TextInput
        placeholder={t.search}
        aria-label={t.search}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        maw={360}
        data-testid="media-search"
      />
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
        spacing="sm"
        style={{ opacity: loading ? 0.6 : 1 }}
        data-testid="media-grid"
      >
        {rows?.map((file) => (
          <MediaCard key={file.id} file={file} t={t} selected={file.id === openId} onOpen={() => setOpenId(file.id)} />
        ))}
      </SimpleGrid>
      {rows && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {debounced ? t.noMatch : t.none}
        </Text>
      ) : null}
      {total !== undefined && total > PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={Math.ceil(total / PAGE_SIZE)}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
          />
        </Group>
      ) : null}
      <Drawer
        opened={Boolean(open)}
        onClose={() => setOpenId(undefined)}
        position="right"
        size="md"
        title={t.media}
        closeButtonProps={{ "aria-label": t.close }}
      >
        {open ? (
          <FileDetails
            key={open.id}
            file={open}
            t={t}
            onChanged={replace}
            onDeleted={() => {
              setOpenId(undefined);
              reload();
            }}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
