import { MantineProvider, TextInput } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TextField, type TextFieldProps } from "../../web/site/modules/crm/text-field.js";
import { siteTheme } from "../../web/site/render/theme.js";

// TextField renders Mantine TextInput's markup without Mantine's per-element work; Mantine's
// Input.css styles it. Were Mantine's markup, class names or CSS variables to change (an
// upgrade), the CRM form's fields would lose their look or their label's link: this holds them
// equal, for every prop the CRM inputs pass (crm/input-props.ts) and the number variant's.
const CASES: TextFieldProps[] = [
  { name: "name", label: "Name" },
  { name: "name" },
  { name: "name", label: "Name", required: true },
  {
    name: "name",
    label: "Name",
    placeholder: "Your name",
    description: "As on your passport",
    required: true,
    className: "custom",
  },
  { name: "name", description: "No label, a description" },
  {
    name: "age",
    label: "Age",
    placeholder: "42",
    type: "number",
    inputMode: "decimal",
    step: "any",
    "data-crm-input": "number",
  },
  { name: "msg", label: "Text", "data-crm-input": "text" },
];

const withoutStyleTags = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");

describe("TextField", () => {
  test.each(CASES)("renders what Mantine's <TextInput> renders: %o", (props) => {
    const mantine = renderToString(
      <MantineProvider theme={siteTheme}>
        <TextInput {...props} />
      </MantineProvider>,
    );
    const ours = renderToString(
      <MantineProvider theme={siteTheme}>
        <TextField {...props} />
      </MantineProvider>,
    );
    expect(withoutStyleTags(ours)).toBe(withoutStyleTags(mantine));
  });
});
