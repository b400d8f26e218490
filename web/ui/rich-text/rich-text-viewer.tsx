import { Typography } from "@mantine/core";
import type { CSSProperties } from "react";
import type { CopyLabels } from "./viewer/copy-text-button.js";
import { parseDocument } from "./viewer/document.js";
import { renderNodes } from "./viewer/render-nodes.js";

/**
 * Shows a stored rich-text value (the JSON string of a tiptap document) as plain React, without
 * loading tiptap: headings, bold, italic, strike, links, paragraphs, lists, line breaks and the
 * copy-text button. A value that is not such JSON shows as plain text, line breaks kept.
 */
export function RichTextViewer({
  value,
  className,
  labels,
  style,
}: {
  value: unknown;
  className?: string;
  labels?: CopyLabels;
  style?: CSSProperties;
}) {
  const doc = parseDocument(value);
  if (!doc) {
    const plain = typeof value === "string" ? value : "";
    if (!plain) return null;
    return (
      <div className={className} data-rich-text="plain" style={{ whiteSpace: "pre-line", ...style }}>
        {plain}
      </div>
    );
  }
  return (
    <Typography className={className} data-rich-text="doc" style={style}>
      {renderNodes(doc.content, labels)}
    </Typography>
  );
}
