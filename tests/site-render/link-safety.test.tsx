import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { RichTextViewer } from "../../web/ui/rich-text/rich-text-viewer.js";
import { en, PageBuilder, renderApp } from "./fixtures.js";

// Only http(s), mailto, tel and relative links become an href — in rich
// text, buttons, slides and logotypes alike. Anything else (data:, javascript:, vbscript:, file:,
// and the same hidden behind the characters a browser drops: tabs, newlines, leading controls)
// is rendered as plain text, not a link.
const UNSAFE = [
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "javascript:alert(1)",
  " JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://example.com/x",
];
const SAFE: [url: string, href: string][] = [
  ["https://example.com/a?b=1", "https://example.com/a?b=1"],
  ["http://example.com", "http://example.com"],
  ["mailto:team@example.com", "mailto:team@example.com"],
  ["tel:+1-555-0100", "tel:+1-555-0100"],
];

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const dangerous = (href: string) =>
  /^\s*(data|javascript|vbscript|file|blob)\s*:/i.test(href.replace(/[\t\n\r\u0000-\u001f]/g, ""));

function richText(href: string): string {
  const doc = JSON.stringify({
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: "the link", marks: [{ type: "link", attrs: { href } }] }] },
    ],
  });
  return renderToString(
    <MantineProvider>
      <RichTextViewer value={doc} />
    </MantineProvider>,
  );
}

function siteWith(url: string): string {
  const page = new PageBuilder();
  const widget = page.widget("website-builder", { variant: "navbar-default" });
  const logo = page.add("website-builder/logotypes", { title: en("Logo"), url });
  page.link("website-builder/widgets-to-logotypes", widget, logo);
  const array = page.add("website-builder/buttons-arrays", { title: en("Menu") });
  page.link("website-builder/widgets-to-buttons-arrays", widget, array);
  for (const [i, variant] of ["link", "primary", "children"].entries()) {
    const button = page.add("website-builder/buttons", { variant, title: en(`Button ${variant}`), url });
    page.link("website-builder/buttons-arrays-to-buttons", array, button, { orderIndex: i });
  }
  const sliderWidget = page.widget("website-builder", { variant: "default" });
  const slider = page.add("website-builder/sliders", { title: en("Slider") });
  page.link("website-builder/widgets-to-sliders", sliderWidget, slider);
  const slide = page.add("website-builder/slides", { title: en("Slide"), url });
  page.link("website-builder/sliders-to-slides", slider, slide);
  return renderApp(page.data);
}

describe("links render as links only for http(s), mailto, tel and relative urls", () => {
  test.each(UNSAFE)("rich text: %j is text, not a link", (href) => {
    const html = richText(href);
    expect(hrefs(html).filter(dangerous)).toEqual([]);
    expect(html).toContain("the link");
  });

  test.each(UNSAFE)("buttons, logotype and slide: %j is no href", (url) => {
    const html = siteWith(url);
    expect(hrefs(html).filter(dangerous)).toEqual([]);
    expect(html).toContain("Button primary");
  });

  test.each(SAFE)("%s stays a link everywhere", (url, href) => {
    expect(hrefs(richText(url))).toContain(href);
    expect(hrefs(siteWith(url)).filter((h) => h === href).length).toBeGreaterThanOrEqual(4);
  });

  test.each(["/about", "#contact", "?page=2", "guides/first"])("the relative url %s stays a link", (url) => {
    expect(hrefs(richText(url))).toContain(url);
    expect(hrefs(siteWith(url)).length).toBeGreaterThan(1);
  });
});
