import { Divider } from "@mantine/core";
import { useEditMarks } from "../../render/edit-marks.js";
import { Container, Group, SimpleGrid, Stack, Text, Title } from "../../render/primitives.js";
import { LanguageSwitcher } from "../../i18n/language-switcher.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { CONTAINER_SIZE } from "../../render/theme.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";

/**
 * The site footer: logotypes, the widget's title and description at the left, one column per
 * buttons array (its title over its links), then a bottom line with the subtitle (the copyright
 * text) and the language switcher.
 */
export function WidgetFooterDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const marks = useEditMarks();
  const title = text(record.title, site.language);
  const subtitle = text(record.subtitle, site.language);
  const description = text(record.description, site.language);
  const arrays = site.related("website-builder/widgets-to-buttons-arrays", record.id);
  // A logotype drawn as text already names the site: the same title again under it is noise.
  const logotypes = site.related("website-builder/widgets-to-logotypes", record.id);
  const showTitle = title && !logotypes.some(({ record: logo }) => text(logo.title, site.language) === title);
  return (
    <footer
      id={typeof record.anchor === "string" && record.anchor ? record.anchor : undefined}
      className={classNameOf(record)}
      data-footer=""
      {...marks.block(record)}
      style={{
        marginTop: "auto",
        background: "var(--mantine-color-gray-0)",
        borderTop: "1px solid var(--mantine-color-gray-2)",
      }}
    >
      <Container size={CONTAINER_SIZE} py={56}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(4, arrays.length + 1) }} spacing={40}>
          <Stack gap="sm" maw={360}>
            <Group gap="md">
              <RelatedViews relationModel="website-builder/widgets-to-logotypes" parentId={record.id} />
            </Group>
            {showTitle ? (
              <Title order={3} fz="lg" {...marks.text(record, "title")}>
                {title}
              </Title>
            ) : null}
            {description ? (
              <Text c="dimmed" fz="sm" style={{ whiteSpace: "pre-line" }} {...marks.text(record, "description")}>
                {description}
              </Text>
            ) : null}
          </Stack>
          {arrays.map(({ relation, record: array }) => {
            const heading = text(array.title, site.language);
            return (
              <Stack key={relation.id} gap="xs" className={classNameOf(array)}>
                {heading ? (
                  <Text
                    fw={700}
                    fz="sm"
                    tt="uppercase"
                    c="dimmed"
                    style={{ letterSpacing: "0.06em" }}
                    {...marks.text(array, "title")}
                  >
                    {heading}
                  </Text>
                ) : null}
                <Stack gap={8} align="flex-start" fz="sm">
                  <RelatedViews relationModel="website-builder/buttons-arrays-to-buttons" parentId={array.id} />
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
        <Divider my="xl" />
        <Group justify="space-between" gap="md">
          <Text c="dimmed" fz="sm" {...(subtitle ? marks.text(record, "subtitle") : {})}>
            {subtitle || (title ? `© ${title}. ${t("allRightsReserved")}` : t("allRightsReserved"))}
          </Text>
          <LanguageSwitcher landmark={false} />
        </Group>
      </Container>
    </footer>
  );
}
