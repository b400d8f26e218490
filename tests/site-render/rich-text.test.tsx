import { describe, expect, test } from "vitest";
import { renderToString } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { RichTextViewer } from "../../web/ui/rich-text/rich-text-viewer.js";
import { safeHref } from "../../web/ui/rich-text/viewer/document.js";

const doc = (...content: unknown[]) => JSON.stringify({ type: "doc", content });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const t = (text: string, ...marks: string[]) => ({ type: "text", text, marks: marks.map((type) => ({ type })) });

function view(value: unknown): string {
  const html = renderToString(
    <MantineProvider>
      <RichTextViewer value={value} />
    </MantineProvider>,
  );
  return html.replace(/<style[\s\S]*?<\/style>/g, "");
}

describe("rich-text viewer", () => {
  test.each([1, 2, 3, 4, 5, 6])("heading %i", (level) => {
    expect(view(doc({ type: "heading", attrs: { level }, content: [t("Title")] }))).toContain(
      `<h${level}>Title</h${level}>`,
    );
  });

  test.each([
    ["bold", "<strong>x</strong>"],
    ["italic", "<em>x</em>"],
    ["strike", "<s>x</s>"],
  ])("mark %s", (mark, html) => {
    expect(view(doc(p(t("x", mark))))).toContain(`<p>${html}</p>`);
  });

  test("nested marks and links", () => {
    const html = view(
      doc(
        p({
          type: "text",
          text: "site",
          marks: [{ type: "bold" }, { type: "link", attrs: { href: "https://example.com" } }],
        }),
      ),
    );
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer"><strong>site</strong></a>',
    );
    expect(view(doc(p({ type: "text", text: "in", marks: [{ type: "link", attrs: { href: "/about" } }] })))).toContain(
      '<a href="/about">in</a>',
    );
  });

  test("a javascript: link is dropped, its text kept", () => {
    const html = view(
      doc(p({ type: "text", text: "click", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] })),
    );
    expect(html).toContain("<p>click</p>");
    expect(html).not.toContain("javascript");
    expect(safeHref("JavaScript:x")).toBeUndefined();
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
  });

  test("lists, hard breaks, paragraphs", () => {
    const html = view(
      doc(
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [p(t("one"))] },
            { type: "listItem", content: [p(t("two"))] },
          ],
        },
        { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [p(t("three"))] }] },
        p(t("a"), { type: "hardBreak" }, t("b")),
      ),
    );
    expect(html).toContain("<ul><li><p>one</p></li><li><p>two</p></li></ul>");
    expect(html).toContain('<ol start="3"><li><p>three</p></li></ol>');
    expect(html).toContain("<p>a<br/>b</p>");
  });

  test("copyText atom is a copy button with its text, 'Copy me!' by default", () => {
    const html = view(doc(p(t("Code: "), { type: "copyText", attrs: { text: "PROMO10" } }, { type: "copyText" })));
    expect(html).toMatch(/<button[^>]*data-copy-text="PROMO10"[\s\S]*?PROMO10/);
    expect(html).toMatch(/<button[^>]*data-copy-text="Copy me!"[\s\S]*?Copy me!/);
  });

  test.each([
    ["plain words", "plain words"],
    ['{"not":"a doc"}', "{&quot;not&quot;:&quot;a doc&quot;}"],
    ["{broken json", "{broken json"],
  ])("%s that is not a document shows as plain text", (value, shown) => {
    const html = view(value);
    expect(html).toContain('data-rich-text="plain"');
    expect(html).toContain(shown);
  });

  test("an empty value renders nothing", () => {
    expect(view("")).toBe("");
  });
});
