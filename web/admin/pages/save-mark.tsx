import { adminLanguage } from "../admin-language.js";
import { Text } from "@mantine/core";
import type { SaveState } from "./use-save-queue.js";

const en = {
  saving: "Saving…",
  saved: "Saved",
  retrying: "Not saved — retrying",
  signedOut: "Not saved — sign in to save",
  failed: (reason: string) => `Not saved: ${reason}`,
};
const ru: typeof en = {
  saving: "Сохранение…",
  saved: "Сохранено",
  retrying: "Не сохранено — повторяем",
  signedOut: "Не сохранено — войдите, чтобы сохранить",
  failed: (reason: string) => `Не сохранено: ${reason}`,
};

export const saveMarkTexts = (language = adminLanguage()) => (language.toLowerCase().startsWith("ru") ? ru : en);

/**
 * The composer's save mark beside the page's title: what the server's answers say of the edits
 * (use-save-queue.ts), never "Saved" while an edit is unanswered or was refused.
 * `data-state` is the state's kind, for tests and styles.
 */
export function SaveMark({ state, busy }: { state: SaveState; busy: boolean }) {
  const t = saveMarkTexts();
  const shown: SaveState = busy && state.kind === "saved" ? { kind: "saving" } : state;
  const words = {
    saved: t.saved,
    saving: t.saving,
    retrying: t.retrying,
    "signed-out": t.signedOut,
    failed: shown.kind === "failed" ? t.failed(shown.reason) : "",
  }[shown.kind];
  const color = shown.kind === "saved" ? "dimmed" : shown.kind === "saving" ? "orange.9" : "red.9";
  return (
    <Text
      size="xs"
      c={color}
      fw={shown.kind === "saved" || shown.kind === "saving" ? undefined : 700}
      data-testid="composer-save-state"
      data-state={shown.kind}
      aria-live="polite"
    >
      {words}
    </Text>
  );
}
