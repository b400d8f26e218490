import { Fragment, type ReactNode } from "react";
import { CopyTextButton, type CopyLabels } from "./copy-text-button.js";
import { safeHref, type RichNode } from "./document.js";

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** Wraps a text node's content in its marks, innermost first as tiptap stores them. */
function withMarks(node: RichNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? "";
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") out = <strong>{out}</strong>;
    else if (mark.type === "italic") out = <em>{out}</em>;
    else if (mark.type === "strike") out = <s>{out}</s>;
    else if (mark.type === "underline") out = <u>{out}</u>;
    else if (mark.type === "code") out = <code>{out}</code>;
    else if (mark.type === "link") {
      const href = safeHref(mark.attrs?.href);
      const external = !!href && /^[a-z][a-z0-9+.-]*:/i.test(href);
      if (href)
        out = (
          <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {out}
          </a>
        );
    }
  }
  return <Fragment key={key}>{out}</Fragment>;
}

/** One tiptap node as plain React; unknown block nodes show their children, unknown leaves nothing. */
export function renderNode(node: RichNode, key: number, labels?: CopyLabels): ReactNode {
  const children = () => renderNodes(node.content, labels);
  switch (node.type) {
    case "text":
      return withMarks(node, key);
    case "paragraph":
      return <p key={key}>{children()}</p>;
    case "heading": {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 1));
      const Tag = HEADINGS[level - 1]!;
      return <Tag key={key}>{children()}</Tag>;
    }
    case "bulletList":
      return <ul key={key}>{children()}</ul>;
    case "orderedList": {
      const start = Number(node.attrs?.start);
      return (
        <ol key={key} start={start > 1 ? start : undefined}>
          {children()}
        </ol>
      );
    }
    case "listItem":
      return <li key={key}>{children()}</li>;
    case "blockquote":
      return <blockquote key={key}>{children()}</blockquote>;
    case "codeBlock":
      return (
        <pre key={key}>
          <code>{children()}</code>
        </pre>
      );
    case "hardBreak":
      return <br key={key} />;
    case "horizontalRule":
      return <hr key={key} />;
    case "copyText":
      return <CopyTextButton key={key} text={node.attrs?.text} labels={labels} />;
    case "doc":
      return <Fragment key={key}>{children()}</Fragment>;
    default:
      return node.content ? <Fragment key={key}>{children()}</Fragment> : null;
  }
}

export function renderNodes(nodes: RichNode[] | undefined, labels?: CopyLabels): ReactNode[] {
  return (nodes ?? []).map((node, index) => renderNode(node, index, labels));
}
