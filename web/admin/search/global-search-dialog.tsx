import { Box, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { searchTexts } from "./search-texts.js";
import { useGlobalSearch, type FoundRecord } from "./use-global-search.js";

/**
 * The admin's "find any record" dialog (Ctrl/Cmd+K, or Search in the header): a WAI-ARIA combobox
 * — the text box owns a listbox of the records found, the highlighted one named by
 * aria-activedescendant while the focus stays in the box — so ↑/↓ choose, Enter opens, Escape
 * closes. A record opens on its own screen (the composer, the product editor, the desk, else its
 * generated form), as the server's `screen` says.
 */
export function GlobalSearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = searchTexts();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const { results, state, searched } = useGlobalSearch(text);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const list = useRef<HTMLDivElement>(null);
  const Header = Modal.Header as unknown as (props: { component: "div"; children: ReactNode }) => ReactNode;

  // A new list starts at its first record; a closed dialog opens empty next time.
  useEffect(() => setActive(0), [results]);
  useEffect(() => {
    if (!opened) setText("");
  }, [opened]);
  useEffect(() => {
    list.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: "nearest" });
  });

  const open = (record: FoundRecord) => {
    onClose();
    navigate(record.screen);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % results.length,
      ArrowUp: (active - 1 + results.length) % results.length,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(results[active] ?? results[0]!);
    }
  };

  const shown = results.length > 0;
  const status =
    state === "searching"
      ? t.searching
      : state === "failed"
        ? t.failed
        : state === "done"
          ? shown
            ? t.found(results.length)
            : t.nothing(searched)
          : t.hint;

  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" yOffset="10vh">
      <Modal.Overlay />
      <Modal.Content data-testid="global-search">
        {/* A plain <div> header: a <header> would be a second banner landmark beside the admin's (as composer-modal.tsx). */}
        <Header component="div">
          <Modal.Title>{t.title}</Modal.Title>
          <Modal.CloseButton aria-label={t.close} />
        </Header>
        <Modal.Body>
          <TextInput
            data-autofocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            placeholder={t.input}
            aria-label={t.input}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            rightSection={state === "searching" ? <Loader size="xs" /> : null}
            data-testid="global-search-input"
          />
          <Text size="sm" c="dimmed" mt="xs" role="status" data-testid="global-search-status">
            {status}
          </Text>
          {shown && (
            <Box
              ref={list}
              id={listId}
              role="listbox"
              aria-label={t.results}
              mt="xs"
              mah="50vh"
              style={{ overflowY: "auto" }}
              data-testid="global-search-results"
            >
              {results.map((record, index) => (
                <UnstyledButton
                  key={`${record.model}/${record.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // The focus stays in the box: a click chooses without taking it.
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => open(record)}
                  display="block"
                  w="100%"
                  px="sm"
                  py={6}
                  bg={index === active ? "indigo.0" : undefined}
                  style={{ borderRadius: "var(--mantine-radius-sm)" }}
                  data-testid="global-search-result"
                >
                  <Stack gap={0}>
                    <Text size="sm" fw={600} truncate="end">
                      {record.label}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {record.detail}
                    </Text>
                  </Stack>
                </UnstyledButton>
              ))}
            </Box>
          )}
          <Text size="xs" c="dimmed" mt="sm" aria-hidden>
            {t.keys}
          </Text>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
