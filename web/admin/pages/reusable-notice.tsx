import { Alert, Button, Stack, Text } from "@mantine/core";
import type { Block } from "./pages-api.js";
import { reusableTexts } from "./reusable-texts.js";

/**
 * Over a reusable block's panel: editing it changes every page using it once published, and
 * "Detach" gives this page its own copy instead.
 */
export function ReusableNotice({ block, busy, onDetach }: { block: Block; busy: boolean; onDetach(): void }) {
  const r = reusableTexts();
  if (!block.reusable) return null;
  return (
    <Alert variant="light" color="violet" p="xs" data-testid="reusable-notice">
      <Text size="sm" mb={6}>
        {r.panelNote(block.reusable.usedOn)}
      </Text>
      <Stack gap={4} align="flex-start">
        <Button size="xs" variant="default" onClick={onDetach} disabled={busy} data-testid="reusable-detach">
          {r.detach}
        </Button>
        <Text size="xs" c="dimmed">
          {r.detachHelp}
        </Text>
      </Stack>
    </Alert>
  );
}
