import { Badge } from "@mantine/core";
import type { Price } from "../helpers/price.js";
import { useShop } from "../helpers/use-shop.js";

/** One price as a badge ("$12.50"), labelled for screen readers; `data-price` holds the exact amount. */
export function PriceTag({ price, size = "xl" }: { price: Price; size?: "md" | "lg" | "xl" }) {
  const { t } = useShop();
  return (
    <Badge
      size={size}
      variant="light"
      radius="sm"
      data-price={price.amount}
      data-currency={price.currency?.slug ?? ""}
      aria-label={`${t("price")}: ${price.label}`}
      style={{ textTransform: "none" }}
    >
      {price.label}
    </Badge>
  );
}
