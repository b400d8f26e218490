import { Text } from "../../../render/primitives.js";
import { pricingText, type PricingStringKey } from "../helpers/pricing-strings.js";
import { useShop } from "../helpers/use-shop.js";

/**
 * Under the cart's goods totals (the drawer's): what the checkout adds to them, from the page's shop
 * facts — delivery when the shop has a shipping rate, tax when prices are net and it has a tax
 * rate. Nothing when neither: the totals are what the checkout charges.
 */
export function AddedAtCheckout() {
  const { language, site } = useShop();
  const facts = site.data.shop;
  const delivery = facts?.delivery === true;
  const tax = facts?.pricesTax === "added";
  const key: PricingStringKey | undefined =
    delivery && tax
      ? "addedAtCheckoutBoth"
      : delivery
        ? "addedAtCheckoutDelivery"
        : tax
          ? "addedAtCheckoutTax"
          : undefined;
  if (!key) return null;
  return (
    <Text fz="xs" c="dimmed" data-added-at-checkout="">
      {pricingText(key, language)}
    </Text>
  );
}
