import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { FileView } from "../../../ui/file-view.js";
import { text } from "../../i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { firstFile } from "../website-builder/first-file.js";
import { productHref } from "./links.js";
import { productPrices } from "./price.js";

/** A product card: picture, title, short description, price (when it has one) and a link to it. */
export function ProductCard({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const image = firstFile(site, "ecommerce/products-to-file-storage-module-files", record.id);
  const price = productPrices(site, record.id)[0];
  const short = text(record.shortDescription, site.language);
  const href = productHref(record, site.language);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-product-card="" h="100%" style={{ display: "flex", flexDirection: "column" }}>
      {image ? (
        <Card.Section mb="md">
          <a href={href} tabIndex={-1} aria-hidden>
            <FileView file={image} style={{ width: "100%", aspectRatio: "4 / 3", borderRadius: 0 }} />
          </a>
        </Card.Section>
      ) : null}
      <Stack gap={6} style={{ flex: 1 }}>
        <Title order={3} fz="lg">
          <a href={href} style={{ textDecoration: "none" }}>
            {text(record.title, site.language)}
          </a>
        </Title>
        {short ? <Text c="dimmed" fz="sm" lineClamp={3}>{short}</Text> : null}
      </Stack>
      <Group justify="space-between" mt="md" align="center">
        {price ? (
          <Badge size="xl" variant="light" radius="sm" data-price={price.amount} aria-label={`${t("price")}: ${price.label}`}>
            {price.label}
          </Badge>
        ) : (
          <span />
        )}
        <Button component="a" href={href} variant="light" size="sm">
          {t("more")}
        </Button>
      </Group>
    </Card>
  );
}
