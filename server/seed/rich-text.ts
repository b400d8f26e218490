// Rich text as the site's editor stores it: a JSON string of a tiptap document (StarterKit nodes,
// `link` marks, and the inline atom `copyText` with its text).

type Node = Record<string, unknown>;

export const text = (value: string, marks?: Node[]): Node => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
export const bold = (value: string) => text(value, [{ type: "bold" }]);
export const italic = (value: string) => text(value, [{ type: "italic" }]);
export const link = (value: string, href: string) =>
  text(value, [{ type: "link", attrs: { href, target: href.includes(":") ? "_blank" : null } }]);
export const copyText = (value: string): Node => ({ type: "copyText", attrs: { text: value } });

export const paragraph = (...content: (Node | string)[]): Node => ({
  type: "paragraph",
  content: content.map((c) => (typeof c === "string" ? text(c) : c)),
});
export const heading = (level: 1 | 2 | 3 | 4 | 5 | 6, value: string): Node => ({
  type: "heading",
  attrs: { level },
  content: [text(value)],
});
export const bulletList = (...items: string[]): Node => ({
  type: "bulletList",
  content: items.map((item) => ({ type: "listItem", content: [paragraph(item)] })),
});
export const quote = (value: string): Node => ({ type: "blockquote", content: [paragraph(value)] });

/** The stored form: a JSON string of `{ type: "doc", content }`. */
export const doc = (...content: Node[]): string => JSON.stringify({ type: "doc", content });
