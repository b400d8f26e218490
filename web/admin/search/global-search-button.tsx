import { Button, Kbd } from "@mantine/core";
import { useDisclosure, useHotkeys, useOs } from "@mantine/hooks";
import { GlobalSearchDialog } from "./global-search-dialog.js";
import { searchTexts } from "./search-texts.js";

/**
 * The header's Search button and the Ctrl/Cmd+K shortcut, from anywhere in the admin — inside a
 * text box or the rich-text editor too, where an editor is when they think of another record.
 */
export function GlobalSearchButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const mac = useOs() === "macos";
  useHotkeys([["mod+K", open]], [], true);
  const t = searchTexts();
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={open}
        aria-haspopup="dialog"
        aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            {mac ? "⌘ K" : "Ctrl K"}
          </Kbd>
        }
        miw={{ base: 0, sm: 180 }}
        justify="space-between"
        data-testid="global-search-open"
      >
        {t.open}
      </Button>
      <GlobalSearchDialog opened={opened} onClose={close} />
    </>
  );
}
