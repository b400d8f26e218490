import { Badge } from "@mantine/core";
import type { Row } from "../../../../../common/site/page-data.js";
import { stockLabel, stockLeft } from "../helpers/stock.js";
import { useShop } from "../helpers/use-shop.js";

/**
 * "Out of stock" or "Only N left" for a product where it is shown (the store's count in a
 * store); nothing when it is not tracked or has plenty. Colours keep 4.5:1 contrast on white.
 */
export function StockBadge({
  product,
  storeProduct,
  size = "md",
}: {
  product: Row;
  storeProduct?: Row;
  size?: "md" | "lg";
}) {
  const { language } = useShop();
  const left = stockLeft(product, storeProduct);
  const stock = stockLabel(left, language);
  if (!stock) return null;
  return (
    <Badge
      size={size}
      radius="sm"
      variant={stock.soldOut ? "filled" : "outline"}
      color={stock.soldOut ? "red.9" : "#b35c00"}
      data-stock={stock.soldOut ? "out" : "low"}
      data-stock-left={left}
      style={{ textTransform: "none" }}
    >
      {stock.label}
    </Badge>
  );
}
