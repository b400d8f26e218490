import { Anchor } from "@mantine/core";
import { Card, Stack, Title } from "../../../render/primitives.js";
import { text } from "../../../../../common/i18n/text.js";
import { classNameOf } from "../../../render/class-name.js";
import type { VariantProps } from "../../../variant-types.js";
import { productHref } from "../helpers/links.js";
import { storeLink } from "../helpers/price.js";
import { ProductCartActions } from "./product-cart-actions.js";
import { ProductPriceDefault } from "./product-price-default.js";
import { useShop } from "../helpers/use-shop.js";

/** Product variant 'cart-default', the product cart card: title, prices, then the cart actions. */
export function ProductCartDefault({ record, relation }: VariantProps) {
  const { site } = useShop();
  return (
    <Card withBorder radius="lg" padding="lg" className={classNameOf(record)} data-product-cart-card={record.id}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          <Anchor href={productHref(record, site.language)} c="dark" underline="never">
            {text(record.title, site.language)}
          </Anchor>
        </Title>
        <ProductPriceDefault record={record} relation={relation} />
        <ProductCartActions product={record} storeProduct={storeLink(relation, record.id)} />
      </Stack>
    </Card>
  );
}
