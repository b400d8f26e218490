import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { useShop } from "../helpers/use-shop.js";

/**
 * Back from the payment page (…/cart?payment=paid or declined): says how it went. Read after
 * hydration: the query string is not part of the cached page.
 */
export function PaymentNotice() {
  const { t } = useShop();
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => setOutcome(new URLSearchParams(window.location.search).get("payment")), []);
  if (outcome === "paid") {
    return (
      <Alert color="teal" variant="light" mb="lg" data-payment-outcome="paid">
        {t("paymentPaid")}
      </Alert>
    );
  }
  if (outcome === "declined") {
    return (
      <Alert color="orange" variant="light" mb="lg" data-payment-outcome="declined">
        {t("paymentDeclined")}
      </Alert>
    );
  }
  return null;
}
