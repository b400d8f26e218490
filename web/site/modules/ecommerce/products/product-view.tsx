import { Grid, Table } from "@mantine/core";
import { Group, Stack, Text, Title } from "../../../render/primitives.js";
import { FileView } from "../../../../ui/file-view.js";
import type { Language, Row } from "../../../../../common/site/page-data.js";
import { uiText } from "../../../i18n/ui-strings.js";
import { text } from "../../../../../common/i18n/text.js";
import { classNameOf } from "../../../render/class-name.js";
import { SiteRichText } from "../../../render/site-rich-text.js";
import { useSite } from "../../../render/use-site.js";
import { productPhotos } from "../helpers/photos.js";
import { attributeKey, productPrices } from "../helpers/price.js";
import { PriceTag } from "./price-tag.js";
import { ProductCartActions } from "./product-cart-actions.js";
import { StockBadge } from "./stock-badge.js";

/** A feature attribute's value in the page's language: text, number, yes/no, or date. */
function attributeValue(attribute: Row, language: Language): string {
  const own = text(attribute.string, language);
  if (own) return own;
  if (typeof attribute.number === "string" || typeof attribute.number === "number") return String(attribute.number);
  if (typeof attribute.boolean === "boolean") return uiText(attribute.boolean ? "yes" : "no", language);
  return String(attribute.datetime ?? attribute.date ?? "");
}

/** The photo column's width: half the page from Mantine's md breakpoint (62em), the whole width below it. */
const PHOTO_SIZES = "(min-width: 62em) 50vw, 100vw";

/** A product's page: photos at the left (the main one first); title, price, short description, features and text at the right. */
export function ProductView({ product }: { product: Row }) {
  const site = useSite();
  const prices = productPrices(site, product.id);
  const priceIds = new Set(prices.map((price) => price.attributeId));
  const features = site
    .related("ecommerce/products-to-attributes", product.id)
    .map(({ relation, record }) => ({ relation, record, key: attributeKey(site, record.id) }))
    .filter(({ record, key }) => !priceIds.has(record.id) && key && key.type !== "price");
  const files = productPhotos(site, product.id);
  const short = text(product.shortDescription, site.language);
  return (
    <div className={classNameOf(product)} data-product={String(product.slug ?? "")}>
      <Grid gap={48}>
        {files.length ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              {files.map((record, i) => (
                // The main photo is the page's largest paint: fetched at once; the others as they scroll near.
                <FileView
                  key={String(record.id)}
                  file={record}
                  language={site.language}
                  loading={i === 0 ? "eager" : "lazy"}
                  sizes={PHOTO_SIZES}
                  style={{ width: "100%", borderRadius: 16 }}
                />
              ))}
            </Stack>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: files.length ? 6 : 12 }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 30, sm: 40 }} style={{ letterSpacing: "-0.02em" }}>
              {text(product.title, site.language)}
            </Title>
            {prices.length ? (
              <Group gap="xs">
                {prices.map((price) => (
                  <PriceTag key={price.attributeId} price={price} />
                ))}
              </Group>
            ) : null}
            <StockBadge product={product} size="lg" />
            {short ? (
              <Text fz="lg" c="dimmed">
                {short}
              </Text>
            ) : null}
            <ProductCartActions product={product} size="md" />
            {features.length ? (
              <Table withRowBorders verticalSpacing="xs" data-product-features="">
                <Table.Tbody>
                  {features.map(({ relation, record, key }) => (
                    <Table.Tr key={relation.id}>
                      <Table.Th w="40%">{text(key?.title, site.language)}</Table.Th>
                      <Table.Td>
                        {text(key?.prefix, site.language)}
                        {attributeValue(record, site.language)}
                        {text(key?.suffix, site.language) ? ` ${text(key?.suffix, site.language)}` : ""}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <SiteRichText record={product} />
          </Stack>
        </Grid.Col>
      </Grid>
    </div>
  );
}
