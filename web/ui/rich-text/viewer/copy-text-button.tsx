import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";

export const COPY_TEXT_DEFAULT = "Copy me!";
/** How long the button shows its "copied" tick (SPEC.md: the copy icon resets after 2000 ms). */
export const COPIED_RESET_MS = 2000;

export interface CopyLabels {
  copied: string;
  failed: string;
}

export const ENGLISH_COPY_LABELS: CopyLabels = { copied: "Text copied to clipboard", failed: "Failed to copy text to clipboard" };

/** The inline copyText atom: a small button that copies its text and says so in a toast. */
export function CopyTextButton({ text, labels = ENGLISH_COPY_LABELS }: { text?: unknown; labels?: CopyLabels }) {
  const value = typeof text === "string" && text ? text : COPY_TEXT_DEFAULT;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notifications.show({ message: labels.copied, color: "green" });
    } catch {
      notifications.show({ message: labels.failed, color: "red" });
    }
  }

  return (
    <Button component="button" type="button" size="compact-sm" variant="light" onClick={copy} data-copy-text={value} mx={2} rightSection={<span aria-hidden>{copied ? "✓" : "⧉"}</span>} style={{ verticalAlign: "baseline" }}>
      {value}
    </Button>
  );
}
