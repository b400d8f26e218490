import { Autocomplete, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { findPages, textOf } from "./pages-api.js";
import { pageSearch } from "./page-search.js";
import { pagesTexts } from "./pages-texts.js";

/** How many pages the picker offers at once: the best few for what is typed. */
const OFFERED = 8;
/** A link typed as an address (another site, mail, phone) is not searched among the pages. */
const ADDRESS = /^[a-z][a-z0-9+.-]*:/i;

interface Props {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  label?: string;
  "aria-label"?: string;
  "data-testid"?: string;
}

/**
 * A link: typed as an address (`/about`, `https://…`), or chosen among the site's pages by
 * searching their titles in any language (or their addresses); the page's address is what is
 * kept. Template pages (an article's `/blog/[slug]`) are not offered: they have no one address.
 */
export function LinkInput({ value, onChange, onBlur, ...named }: Props) {
  const t = pagesTexts();
  const [pages, setPages] = useState<{ url: string; title: string }[]>([]);
  // Searched only while the editor types here: a panel of twenty links asks nothing when it opens.
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const typed = value.trim();
    if (!typing || !typed || ADDRESS.test(typed)) {
      setPages([]);
      return;
    }
    const controller = new AbortController();
    // Asked once the typing pauses, not on every key.
    const timer = setTimeout(() => {
      findPages({ ...pageSearch(typed), limit: OFFERED }, controller.signal)
        .then((rows) =>
          setPages(
            rows
              .filter((row) => !row.url.includes("["))
              .map((row) => ({ url: row.url, title: textOf(row.title, t.language) || row.url })),
          ),
        )
        .catch((error) => controller.signal.aborted || notifyError(error));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, typing, t.language]);
  const titleOf = new Map(pages.map((p) => [p.url, p.title]));
  return (
    <Autocomplete
      size="xs"
      value={value}
      onChange={(next) => {
        setTyping(true);
        onChange(next);
      }}
      onBlur={() => {
        setTyping(false);
        onBlur();
      }}
      data={pages.map((p) => ({ value: p.url }))}
      // The server chose them (by title, in any language): none is filtered out again by its address.
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <Stack gap={0} data-testid="link-page-option">
          <Text size="sm">{titleOf.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {option.value}
          </Text>
        </Stack>
      )}
      // Wider than a narrow column's input: a page's title and address are read in full.
      comboboxProps={{ withinPortal: true, width: "max-content", position: "bottom-start" }}
      placeholder={t.linkPlaceholder}
      {...named}
    />
  );
}
