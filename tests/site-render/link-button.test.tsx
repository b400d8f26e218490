import { Button, MantineProvider } from "@mantine/core";
import type React from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { LinkButton, type LinkButtonLook } from "../../web/site/render/link-button.js";
import { siteTheme } from "../../web/site/render/theme.js";

// LinkButton renders Mantine Button's markup without Mantine's per-element work; Mantine's
// Button.css styles it. Were Mantine's markup or class names to change (an upgrade), the links
// would lose their look: this holds them equal, look by look.
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

describe("LinkButton", () => {
  test.each(LOOKS)("renders what Mantine's <Button component=\"a\"> renders: %o", (look) => {
    const props = { href: "/blog", className: "custom", "data-button-variant": "x", target: "_blank", rel: "noopener noreferrer" };
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
    expect(withoutStyleTags(ours)).toBe(withoutStyleTags(mantine));
  });

  test("a <button>, disabled or not, full width, and a link with a right section", () => {
    const render = (node: React.ReactNode) => withoutStyleTags(renderToString(<MantineProvider theme={siteTheme}>{node}</MantineProvider>));
    for (const disabled of [false, true]) {
      expect(render(<LinkButton component="button" variant="filled" onClick={() => {}} disabled={disabled} fullWidth data-add-to-cart="p">Add</LinkButton>)).toBe(
        render(<Button variant="filled" onClick={() => {}} disabled={disabled} fullWidth data-add-to-cart="p">Add</Button>),
      );
    }
    expect(render(<LinkButton href="/a" variant="light" rightSection={<span aria-hidden>→</span>}>Read</LinkButton>)).toBe(
      render(<Button component="a" href="/a" variant="light" rightSection={<span aria-hidden>→</span>}>Read</Button>),
    );
  });
});
