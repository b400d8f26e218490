import { Button } from "@mantine/core";
import { useEffect, useState } from "react";
import { showToast } from "../../toast.js";

export const COPY_TEXT_DEFAULT = "Copy me!";
/** How long the button shows its "copied" tick (the copy icon resets after 2000 ms). */
export const COPIED_RESET_MS = 2000;

export interface CopyLabels {
  copied: string;
  failed: string;
}

export const ENGLISH_COPY_LABELS: CopyLabels = {
  copied: "Text copied to clipboard",
  failed: "Failed to copy text to clipboard",
};

const icon = {
  width: 14,
  height: 14,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function CopyIcon() {
  return (
    <svg {...icon} aria-hidden="true">
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg {...icon} aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

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
      showToast({ message: labels.copied, color: "green" });
    } catch {
      showToast({ message: labels.failed, color: "red" });
    }
  }

  return (
    <Button
      component="button"
      type="button"
      size="compact-sm"
      variant="light"
      onClick={copy}
      data-copy-text={value}
      mx={2}
      rightSection={copied ? <CheckIcon /> : <CopyIcon />}
      style={{ verticalAlign: "baseline" }}
    >
      {value}
    </Button>
  );
}
