/** The parts of the tiptap JSON format the viewer reads (the editor's own types stay in tiptap). */
export interface RichNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: RichNode[];
}

/** A stored value as a document, or undefined when it is not JSON of a tiptap `doc` (plain text). */
export function parseDocument(value: unknown): RichNode | undefined {
  if (typeof value !== "string" || !value.trim().startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(value) as RichNode;
    return parsed && typeof parsed === "object" && parsed.type === "doc" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Only web, mail, phone and relative links are followed (see ui/safe-href.ts). */
export { safeHref } from "../../safe-href.js";
