import { Button, MantineProvider } from "@mantine/core";
import { readFileSync } from "node:fs";
import type React from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { LinkButton, type LinkButtonLook } from "../../web/site/render/link-button.js";
import { siteTheme } from "../../web/site/render/theme.js";

// LinkButton renders Mantine Button's markup without Mantine's per-element work; Mantine's
// Button.css styles it. Were Mantine's markup or class names to change (an upgrade), the links
// would lose their look: this holds them equal, look by look. The usual looks set Button.css's
// variables through site.css's s-btn-* classes rather than inline: each such class counts here
// as the declarations site.css gives it, so the variables an element ends up with must be the
// very ones Mantine writes inline.
const LOOKS: LinkButtonLook[] = [
  { variant: "filled" },
  { variant: "filled", color: "red" },
  { variant: "light" },
  { variant: "outline" },
  { variant: "subtle" },
  { variant: "default" },
  { variant: "transparent" },
  { variant: "gradient", gradient: { from: "indigo", to: "cyan", deg: 90 } },
  { variant: "light", size: "xs" },
  { variant: "filled", size: "md", radius: "xl" },
  { variant: "filled", size: "md", radius: "md" },
];

const withoutStyleTags = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");

/** site.css's `.s-btn-…` rules: class → its declarations (custom properties only). */
const BUTTON_CLASSES = new Map<string, [string, string][]>();
for (const [, name, body] of readFileSync(new URL("../../web/site/render/site.css", import.meta.url), "utf8").matchAll(
  /^\.(s-btn-[\w-]+) \{([^}]*)\}/gm,
)) {
  BUTTON_CLASSES.set(
    name!,
    body!
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const colon = d.indexOf(":");
        return [d.slice(0, colon).trim(), d.slice(colon + 1).trim()];
      }),
  );
}

/**
 * Markup with every element's s-btn-* classes replaced by their declarations: the style
 * attribute becomes the sorted set of the variables the element gets (inline and by class).
 */
function resolved(html: string): string {
  return html.replace(/<(a|button)\b([^>]*)>/g, (_tag, name: string, attributes: string) => {
    const declarations = new Map<string, string>();
    const classMatch = /class="([^"]*)"/.exec(attributes);
    const classes = (classMatch?.[1] ?? "").split(" ").filter(Boolean);
    for (const c of classes.filter((c) => c.startsWith("s-btn-"))) {
      expect(BUTTON_CLASSES.has(c), `site.css has .${c}`).toBe(true);
      for (const [property, value] of BUTTON_CLASSES.get(c)!) declarations.set(property, value);
    }
    const styleMatch = /style="([^"]*)"/.exec(attributes);
    for (const d of (styleMatch?.[1] ?? "").split(";").filter(Boolean)) {
      const colon = d.indexOf(":");
      declarations.set(d.slice(0, colon), d.slice(colon + 1));
    }
    const rest = attributes
      .replace(/ ?style="[^"]*"/, "")
      .replace(/class="[^"]*"/, `class="${classes.filter((c) => !c.startsWith("s-btn-")).join(" ")}"`);
    const style = [...declarations]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, v]) => `${p}:${v}`)
      .join(";");
    return `<${name} style="${style}"${rest}>`;
  });
}

describe("LinkButton", () => {
  test.each(LOOKS)('renders what Mantine\'s <Button component="a"> renders: %o', (look) => {
    const props = {
      href: "/blog",
      className: "custom",
      "data-button-variant": "x",
      target: "_blank",
      rel: "noopener noreferrer",
    };
    const mantine = renderToString(
      <MantineProvider theme={siteTheme}>
        <Button component="a" {...look} {...props}>
          Title
        </Button>
      </MantineProvider>,
    );
    const ours = renderToString(
      <MantineProvider theme={siteTheme}>
        <LinkButton {...look} {...props}>
          Title
        </LinkButton>
      </MantineProvider>,
    );
    expect(resolved(withoutStyleTags(ours))).toBe(resolved(withoutStyleTags(mantine)));
  });

  test("a <button>, disabled or not, full width, and a link with a right section", () => {
    const render = (node: React.ReactNode) =>
      resolved(withoutStyleTags(renderToString(<MantineProvider theme={siteTheme}>{node}</MantineProvider>)));
    for (const disabled of [false, true]) {
      expect(
        render(
          <LinkButton
            component="button"
            variant="filled"
            onClick={() => {}}
            disabled={disabled}
            fullWidth
            data-add-to-cart="p"
          >
            Add
          </LinkButton>,
        ),
      ).toBe(
        render(
          <Button variant="filled" onClick={() => {}} disabled={disabled} fullWidth data-add-to-cart="p">
            Add
          </Button>,
        ),
      );
    }
    // The CRM form's submit button at rest (form-default.tsx).
    expect(
      render(
        <LinkButton component="button" type="submit" size="md">
          Submit
        </LinkButton>,
      ),
    ).toBe(
      render(
        <Button type="submit" variant="filled" loading={false} size="md">
          Submit
        </Button>,
      ),
    );
    expect(
      render(
        <LinkButton href="/a" variant="light" rightSection={<span aria-hidden>→</span>}>
          Read
        </LinkButton>,
      ),
    ).toBe(
      render(
        <Button component="a" href="/a" variant="light" rightSection={<span aria-hidden>→</span>}>
          Read
        </Button>,
      ),
    );
  });
});
