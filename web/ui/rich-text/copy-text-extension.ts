import { mergeAttributes, Node } from "@tiptap/react";

export const COPY_TEXT_DEFAULT = "Copy me!";

declare module "@tiptap/react" {
  interface Commands<ReturnType> {
    copyText: {
      /** Inserts an inline copy-to-clipboard button carrying `text`. */
      insertCopyText: (text?: string) => ReturnType;
    };
  }
}

/**
 * The inline `copyText` atom of the shared rich-text format: a button the site's viewer renders
 * to copy its `text` to the clipboard. In the editor it shows as a pill with that text.
 */
export const CopyText = Node.create({
  name: "copyText",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      text: {
        default: COPY_TEXT_DEFAULT,
        parseHTML: (element) => element.getAttribute("data-copy-text") ?? COPY_TEXT_DEFAULT,
        renderHTML: (attributes) => ({ "data-copy-text": attributes.text }),
      },
    };
  },

  parseHTML() {
    return [{ tag: "span[data-copy-text]" }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const style =
      "display:inline-block;padding:0 6px;border:1px solid #adb5bd;border-radius:4px;font-size:0.9em;background:#f1f3f5";
    return ["span", mergeAttributes(HTMLAttributes, { class: "copy-text", style }), node.attrs.text];
  },

  renderText({ node }) {
    return node.attrs.text;
  },

  addCommands() {
    return {
      insertCopyText:
        (text = COPY_TEXT_DEFAULT) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { text } }),
    };
  },
});
