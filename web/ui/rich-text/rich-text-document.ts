import type { JSONContent } from "@tiptap/react";

/**
 * A stored rich-text value as a tiptap document: the JSON string of a `doc`, or, when the value
 * is not valid JSON of a document (older plain text), that text as one paragraph.
 */
export function documentOf(value: string | undefined | null): JSONContent {
  const text = value ?? "";
  if (text.trim().startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as JSONContent;
      if (parsed && parsed.type === "doc") return parsed;
    } catch {
      /* falls back to plain text */
    }
  }
  return {
    type: "doc",
    content: text ? [{ type: "paragraph", content: [{ type: "text", text }] }] : [{ type: "paragraph" }],
  };
}

/** An editor's document is empty when it has no text and no atoms: stored as "" rather than a doc. */
export const isEmptyDocument = (doc: JSONContent) => !JSON.stringify(doc.content ?? []).match(/"(text|copyText)"/);
