import { LinkButton } from "../../../render/link-button.js";
import { Box, Card, Group, Stack, Text, Title } from "../../../render/primitives.js";
import { FileView } from "../../../../ui/file-view.js";
import { text } from "../../../../../common/i18n/text.js";
import { classNameOf } from "../../../render/class-name.js";
import { useListPosition } from "../../../render/list-position.js";
import { useSite, useUiText } from "../../../render/use-site.js";
import type { VariantProps } from "../../../variant-types.js";
import { productHref } from "../helpers/links.js";
import { productPhotos } from "../helpers/photos.js";
import { mainPrice, productPrices, storeLink } from "../helpers/price.js";
import { PriceTag } from "./price-tag.js";
import { ProductCartActions } from "./product-cart-actions.js";
import { LinkSubject } from "../../../render/link-subject.js";
import { StockBadge } from "./stock-badge.js";

/**
 * A product card: its main photo (lazy, but for the list's first card, which is in the first screen), title, short description, price (when it has one; the store's own on
 * a store's page), a link to it, and the cart actions (the product cart card).
 */
export function ProductCard({ record, relation }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const image = productPhotos(site, record.id)[0];
  // The first card's photo is in the first screen (a phone shows one card a row): fetched at once.
  const first = useListPosition() === 0;
  const storeProduct = storeLink(relation, record.id);
  const price = mainPrice(productPrices(site, record.id, site.language, storeProduct));
  const short = text(record.shortDescription, site.language);
  const href = productHref(record, site.language);
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-product-card="" h="100%">
      {image ? (
        <Card.Section mb="md">
          {/* biome-ignore lint/a11y/useAnchorContent: the photo repeats the title's link below, hidden from readers and the tab order */}
          <a href={href} tabIndex={-1} aria-hidden>
            <FileView
              file={image}
              language={site.language}
              loading={first ? "eager" : "lazy"}
              sizes="(min-width: 75em) 25vw, (min-width: 48em) 50vw, 100vw"
              style={{ width: "100%", aspectRatio: "4 / 3", borderRadius: 0 }}
            />
          </a>
        </Card.Section>
      ) : null}
      <Stack gap={6} style={{ flex: 1 }}>
        <Title order={3} fz="lg">
          <a href={href} style={{ textDecoration: "none" }}>
            {text(record.title, site.language)}
          </a>
        </Title>
        {short ? (
          <Text c="dimmed" fz="sm" lineClamp={3}>
            {short}
          </Text>
        ) : null}
        <StockBadge product={record} storeProduct={storeProduct} />
      </Stack>
      <Group justify="space-between" mt="md" align="center">
        {price ? <PriceTag price={price} /> : <span />}
        <LinkButton href={href} variant="subtle" size="sm">
          {t("more")}
          <LinkSubject>{text(record.title, site.language)}</LinkSubject>
        </LinkButton>
      </Group>
      <Box mt="sm">
        <ProductCartActions product={record} storeProduct={storeProduct} />
      </Box>
    </Card>
  );
}
