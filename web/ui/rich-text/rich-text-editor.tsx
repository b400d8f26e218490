import { Input } from "@mantine/core";
import { RichTextEditor as Editor } from "@mantine/tiptap";
import Link from "@tiptap/extension-link";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import { COPY_TEXT_DEFAULT, CopyText } from "./copy-text-extension.js";
import { documentOf, isEmptyDocument } from "./rich-text-document.js";

interface Props {
  value: string | undefined;
  onChange(value: string): void;
  label?: string;
  error?: string;
  id?: string;
}

/**
 * Edits the shared rich-text format (a JSON string of a tiptap document): headings 1–6, bold,
 * italic, strike, links through a URL prompt, and the inline copy-text button.
 */
export function RichTextEditor({ value, onChange, label, error, id }: Props) {
  const last = useRef(value ?? "");
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, underline: false }),
      Link.configure({ openOnClick: false }),
      CopyText,
    ],
    content: documentOf(value),
    immediatelyRender: false,
    onUpdate: ({ editor }) => {
      const doc = editor.getJSON();
      last.current = isEmptyDocument(doc) ? "" : JSON.stringify(doc);
      onChange(last.current);
    },
  });

  // A value changed from outside (a reloaded record) replaces the document; our own echo does not.
  useEffect(() => {
    if (editor && (value ?? "") !== last.current) {
      last.current = value ?? "";
      editor.commands.setContent(documentOf(value), { emitUpdate: false });
    }
  }, [editor, value]);

  const promptLink = () => {
    const url = window.prompt("URL", editor?.getAttributes("link").href ?? "https://");
    if (url === null || !editor) return;
    if (url === "") editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  };
  const promptCopyText = () => {
    const text = window.prompt("Text to copy", COPY_TEXT_DEFAULT);
    if (text !== null && editor)
      editor
        .chain()
        .focus()
        .insertCopyText(text || COPY_TEXT_DEFAULT)
        .run();
  };

  return (
    <Input.Wrapper label={label} error={error} id={id}>
      {/* Same @tiptap/core, typed once through its ESM and once through its CJS declarations. */}
      <Editor editor={editor as never} style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}>
        <Editor.Toolbar>
          <Editor.ControlsGroup>
            <Editor.H1 />
            <Editor.H2 />
            <Editor.H3 />
            <Editor.H4 />
            <Editor.H5 />
            <Editor.H6 />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Strikethrough />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Control onClick={promptLink} aria-label="Link" title="Link">
              <LinkIcon />
            </Editor.Control>
            <Editor.Unlink />
            <Editor.Control onClick={promptCopyText} aria-label="Copy text button" title="Copy text button">
              <CopyIcon />
            </Editor.Control>
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content mih={100} />
      </Editor>
    </Input.Wrapper>
  );
}

// Drawn inline: emoji glyphs are not in every system font (a headless browser shows boxes).
const iconProps = {
  width: 16,
  height: 16,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.5,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function LinkIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d="M9 15l6 -6" />
      <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
      <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8v-2a2 2 0 0 0 -2 -2h-8a2 2 0 0 0 -2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}
