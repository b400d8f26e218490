import { Text } from "@mantine/core";
import { saveStateTexts } from "./save-state-texts.js";
import type { SaveState } from "./use-save-status.js";

/**
 * A save's state beside the buttons that started it: "Saving…" while the request is out, "Saved"
 * only after a 2xx, and a failure's reason (save-failure.ts) otherwise. `data-status` is the state
 * for tests and styles.
 */
export function SaveStateText({ state, testId = "save-status" }: { state: SaveState; testId?: string }) {
  const t = saveStateTexts();
  const text =
    state.status === "pending"
      ? t.saving
      : state.status === "success"
        ? t.saved
        : state.status === "error"
          ? state.failure.kind === "unreachable"
            ? t.unreachable
            : t.refused(state.failure.reason)
          : "";
  const colour = state.status === "error" ? "red.8" : state.status === "success" ? "green.9" : "dimmed";
  return (
    <Text size="sm" c={colour} data-testid={testId} data-status={state.status} aria-live="polite">
      {text}
    </Text>
  );
}
