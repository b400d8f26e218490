import { readFileSync } from "node:fs";
import type React from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Card, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "../../web/site/render/primitives.js";

// The primitives give theme values as classes of site.css instead of inline styles. What an
// element ends up with must stay what the inline styles said: each case renders one element and
// resolves its classes through site.css's rules (only rules of one class, as the primitives'
// are), with the inline style on top, into the declarations the element gets.
const CSS = readFileSync(new URL("../../web/site/render/site.css", import.meta.url), "utf8");
const RULES = new Map<string, Map<string, string>>();
for (const [, selector, body] of CSS.matchAll(/^\.([\w-]+) \{([^}]*)\}/gm)) {
  const declarations = RULES.get(selector!) ?? new Map<string, string>();
  for (const d of body!
    .split(";")
    .map((x) => x.trim())
    .filter(Boolean)) {
    const colon = d.indexOf(":");
    declarations.set(d.slice(0, colon).trim(), d.slice(colon + 1).trim());
  }
  RULES.set(selector!, declarations);
}
// Rule order in the file: a later rule wins over an earlier one of the same weight.
const ORDER = [...RULES.keys()];

/** The declarations of the first element: its s-* utility classes' (in file order), then its inline style. */
function declarationsOf(node: React.ReactElement): { classes: string[]; declarations: Record<string, string> } {
  const html = renderToString(node);
  const open = /^<\w+([^>]*)>/.exec(html)![1]!;
  const classes = (/class="([^"]*)"/.exec(open)?.[1] ?? "").split(" ").filter(Boolean);
  const result: Record<string, string> = {};
  const utilities = classes
    .filter((c) => RULES.has(c) && !COMPONENT.has(c))
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  for (const c of utilities) for (const [property, value] of RULES.get(c)!) result[property] = value;
  for (const d of (/style="([^"]*)"/.exec(open)?.[1] ?? "").split(";").filter(Boolean)) {
    const colon = d.indexOf(":");
    result[d.slice(0, colon)] = d.slice(colon + 1);
  }
  return { classes, declarations: result };
}

/** The components' own base classes (their fixed rules are not what these cases check). */
const COMPONENT = new Set([
  "s-stack",
  "s-group",
  "s-text",
  "s-title",
  "s-container",
  "s-paper",
  "s-border",
  "s-card",
  "s-grid",
]);

describe("primitives' theme values by class", () => {
  test("every s-* class the primitives emit is a rule of site.css", () => {
    const nodes = [
      <Stack
        gap="xs"
        align="center"
        justify="space-between"
        m="md"
        mt="lg"
        p="xl"
        px="sm"
        py="xs"
        w="100%"
        h="100%"
        fz="sm"
        fw={600}
        ta="center"
        c="dimmed"
      />,
      <Group
        gap="lg"
        align="flex-start"
        justify="flex-end"
        wrap="nowrap"
        mb="xl"
        ml="xs"
        mr="sm"
        mx="md"
        my="lg"
        pt="md"
        pb="md"
        pl="md"
        pr="md"
      />,
      <Text size="xs" />,
      <Title order={4} />,
      <Container size="xl" />,
      <Paper radius="sm" shadow="md" withBorder />,
      <Card padding="xl" radius="lg" />,
      <SimpleGrid spacing="lg" verticalSpacing="xs" cols={{ base: 1, sm: 2 }} />,
    ];
    for (const node of nodes) {
      for (const c of declarationsOf(node).classes.filter((x) => x.startsWith("s-")))
        expect(RULES.has(c), `.${c} in site.css`).toBe(true);
    }
  });

  test.each([
    [
      "Stack gap/align/justify",
      <Stack gap="xs" align="center" justify="space-between" />,
      { gap: "var(--mantine-spacing-xs)", "align-items": "center", "justify-content": "space-between" },
    ],
    ["Stack default gap", <Stack />, { gap: "var(--mantine-spacing-md)" }],
    [
      "Group non-default keywords",
      <Group gap={6} align="stretch" justify="center" wrap="nowrap" />,
      { gap: "0.375rem", "align-items": "stretch", "justify-content": "center", "flex-wrap": "nowrap" },
    ],
    [
      "margins: mt over m, mx over ml",
      <Stack gap={0} m="xs" mt="lg" ml="sm" mx="md" />,
      {
        gap: "0rem",
        margin: "var(--mantine-spacing-xs)",
        "margin-top": "var(--mantine-spacing-lg)",
        "margin-left": "var(--mantine-spacing-md)",
        "margin-right": "var(--mantine-spacing-md)",
      },
    ],
    [
      "a non-theme value keeps its family inline",
      <Stack gap="md" m={8} mt="lg" />,
      { gap: "var(--mantine-spacing-md)", margin: "0.5rem", "margin-top": "var(--mantine-spacing-lg)" },
    ],
    [
      "paddings: py over pt",
      <Stack gap="md" p="xs" pt="sm" py="lg" />,
      {
        gap: "var(--mantine-spacing-md)",
        padding: "var(--mantine-spacing-xs)",
        "padding-top": "var(--mantine-spacing-lg)",
        "padding-bottom": "var(--mantine-spacing-lg)",
      },
    ],
    [
      "text props",
      <Text fz="sm" fw={600} ta="center" c="dimmed" />,
      {
        "font-size": "var(--mantine-font-size-sm)",
        "font-weight": "600",
        "text-align": "center",
        color: "var(--mantine-color-dimmed)",
      },
    ],
    [
      "Text size",
      <Text size="lg" />,
      { "--text-fz": "var(--mantine-font-size-lg)", "--text-lh": "var(--mantine-line-height-lg)" },
    ],
    [
      "Title order",
      <Title order={3} fz="xl" lh={1.25} />,
      {
        "--title-fz": "var(--mantine-h3-font-size)",
        "--title-lh": "var(--mantine-h3-line-height)",
        "--title-fw": "var(--mantine-h3-font-weight)",
        "font-size": "var(--mantine-font-size-xl)",
        "line-height": "1.25",
      },
    ],
    ["Container size", <Container size="lg" />, { "max-width": "var(--s-container-lg)" }],
    [
      "Paper radius and shadow",
      <Paper radius="lg" shadow="sm" />,
      { "--paper-radius": "var(--mantine-radius-lg)", "--paper-shadow": "var(--mantine-shadow-sm)" },
    ],
    [
      "Card padding, full height",
      <Card radius="lg" padding="lg" h="100%" />,
      { "--paper-radius": "var(--mantine-radius-lg)", "--card-padding": "var(--mantine-spacing-lg)", height: "100%" },
    ],
    [
      "SimpleGrid spacing",
      <SimpleGrid spacing="xl" cols={{ base: 1, lg: 2 }} />,
      {
        "column-gap": "var(--mantine-spacing-xl)",
        "row-gap": "var(--mantine-spacing-xl)",
        "--cols-base": "1",
        "--cols-lg": "2",
      },
    ],
  ] as [string, React.ReactElement, Record<string, string>][])("%s", (_name, node, expected) => {
    const { classes, declarations } = declarationsOf(node);
    for (const c of classes.filter((x) => x.startsWith("s-"))) expect(RULES.has(c), `.${c} in site.css`).toBe(true);
    expect(declarations).toEqual(expected);
  });
});
