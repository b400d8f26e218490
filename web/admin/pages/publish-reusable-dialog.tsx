import { Button, Group, Stack, Text } from "@mantine/core";
import type { Block } from "./pages-api.js";
import { ComposerModal } from "./composer-modal.js";
import { reusableTexts } from "./reusable-texts.js";

/**
 * Before a page is published while a reusable block on it has unpublished changes: those changes
 * would show on every page using the block, so the editor chooses (docs/drafts.md, "Reusable blocks").
 */
export function PublishReusableDialog({
  blocks,
  onChoose,
  onClose,
}: {
  /** The page's reusable blocks with unpublished changes. */
  blocks: Block[];
  onChoose(choice: "publish" | "keep"): void;
  onClose(): void;
}) {
  const r = reusableTexts();
  return (
    <ComposerModal onClose={onClose} title={r.publishTitle} size="lg">
      <Stack gap="xs" mb="md" data-testid="publish-reusable-text">
        {blocks.map((block) => (
          <Text size="sm" key={block.id}>
            {r.publishText(block.reusable?.name ?? "", block.reusable?.usedOn ?? 0)}
          </Text>
        ))}
      </Stack>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {r.cancel}
        </Button>
        <Button variant="light" onClick={() => onChoose("keep")} data-testid="publish-reusable-keep">
          {r.publishPage}
        </Button>
        <Button onClick={() => onChoose("publish")} data-autofocus data-testid="publish-reusable-all">
          {r.publishAll}
        </Button>
      </Group>
    </ComposerModal>
  );
}
