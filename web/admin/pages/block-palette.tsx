import { Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { textOf, type CatalogueModule, type CatalogueVariant, type ReusableBlock } from "./pages-api.js";
import { reusableTexts } from "./reusable-texts.js";
import { ComposerModal } from "./composer-modal.js";
import { pagesTexts } from "./pages-texts.js";

/** Does the variant's label, description or module hold every word of `needle`? */
function matches(variant: CatalogueVariant, module: CatalogueModule, needle: string, language: string): boolean {
  const hay = [
    module.module,
    textOf(module.label, language),
    pagesTexts(language).modules[module.module] ?? "",
    variant.variant,
    textOf(variant.label, language),
    textOf(variant.description, language),
  ]
    .join(" ")
    .toLowerCase();
  return needle
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

/** Does the reusable block's name or title hold every word of `needle`? */
const reusableMatches = (block: ReusableBlock, needle: string) => {
  const hay = `${block.name} ${block.title}`.toLowerCase();
  return needle
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
};

/**
 * "Add a block": first the reusable blocks by the names editors gave them (placing one puts the
 * same record on this page), then every variant a block can use, grouped by module, each with its
 * one-line description in the editor's language; a click adds it.
 */
export function BlockPalette({
  catalogue,
  reusable,
  onPick,
  onPlace,
  onClose,
}: {
  catalogue: CatalogueModule[];
  /** The reusable blocks not on this page yet. */
  reusable: ReusableBlock[];
  onPick(variant: CatalogueVariant): void;
  onPlace(block: ReusableBlock): void;
  onClose(): void;
}) {
  const t = pagesTexts();
  const r = reusableTexts();
  const [needle, setNeedle] = useState("");
  const shared = reusable.filter((block) => reusableMatches(block, needle));
  const groups = catalogue
    .map((module) => ({
      module,
      variants: module.variants.filter((v) => matches(v, module, needle, t.language)),
    }))
    .filter((g) => g.variants.length);
  return (
    <ComposerModal onClose={onClose} title={t.palette} size="xl">
      <Stack gap="md">
        <TextInput
          label={t.paletteSearch}
          value={needle}
          onChange={(e) => setNeedle(e.currentTarget.value)}
          data-autofocus
          data-testid="palette-search"
        />
        {shared.length ? (
          <section aria-labelledby="palette-reusable" data-testid="palette-reusable">
            <Title order={3} size="h6" id="palette-reusable" mb={6} tt="uppercase" c="dimmed">
              {r.group}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {shared.map((block) => (
                <UnstyledButton
                  key={block.id}
                  onClick={() => onPlace(block)}
                  data-testid="palette-reusable-block"
                  data-module={block.module}
                  data-variant={block.variant}
                >
                  <Paper
                    withBorder
                    radius="md"
                    p="sm"
                    h="100%"
                    style={{ borderColor: "var(--mantine-color-violet-3)" }}
                  >
                    <Text fw={600} size="sm">
                      {block.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {block.title}
                    </Text>
                    <Text size="xs" c="violet.9" mt={4}>
                      {r.groupHelp(block.usedOn)}
                    </Text>
                  </Paper>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </section>
        ) : null}
        {groups.map(({ module, variants }) => (
          <section key={module.module} aria-labelledby={`palette-${module.module}`}>
            <Title order={3} size="h6" id={`palette-${module.module}`} mb={6} tt="uppercase" c="dimmed">
              {t.modules[module.module] ?? (textOf(module.label, t.language) || module.module)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {variants.map((variant) => (
                <UnstyledButton
                  key={variant.variant}
                  onClick={() => onPick(variant)}
                  data-testid="palette-variant"
                  data-module={variant.module}
                  data-variant={variant.variant}
                >
                  <Paper withBorder radius="md" p="sm" h="100%">
                    <Text fw={600} size="sm">
                      {textOf(variant.label, t.language)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {textOf(variant.description, t.language)}
                    </Text>
                    {variant.children.length ? (
                      <Text size="xs" c="indigo.9" mt={4}>
                        {t.childKinds(variant.children.map(t.items))}
                      </Text>
                    ) : null}
                  </Paper>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </section>
        ))}
        {groups.length === 0 && shared.length === 0 ? <Text c="dimmed">{t.paletteEmpty}</Text> : null}
      </Stack>
    </ComposerModal>
  );
}
