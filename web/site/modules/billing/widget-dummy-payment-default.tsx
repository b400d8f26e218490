import { Alert, Anchor, Badge, Button, Divider } from "@mantine/core";
import { Box, Card, Container, Group, Stack, Text, Title } from "../../render/primitives.js";
import { useState } from "react";
import type { Row } from "../../../../common/site/page-data.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import { text } from "../../../../common/i18n/text.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { moneyLabel } from "../ecommerce/helpers/price.js";
import { useAction } from "../rbac/use-action.js";
import { INVOICE_SEGMENT, sendDummyNotification } from "./dummy-payment.js";
import { billingText, type BillingStringKey } from "./strings.js";

const DONE: Record<string, BillingStringKey> = {
  paid: "statusPaid",
  failed: "statusFailed",
  canceled: "statusCanceled",
  refunded: "statusRefunded",
};

/**
 * Billing widget 'dummy-payment-default': the dummy provider's hosted payment page. The server
 * route (server/site/payment-page-route.ts) puts the invoice, its currency and the orders' lines
 * in the page data; Pay and Decline post the provider's signed notification, then go to the
 * invoice's success or cancel page. An invoice that is no longer new shows its status instead.
 */
export function DummyPaymentDefault({ record }: VariantProps) {
  const site = useSite();
  const t = (key: BillingStringKey) => billingText(key, site.language);
  const invoice = site.bySegment(INVOICE_SEGMENT);
  return (
    <Box
      bg="gray.0"
      mih="100vh"
      py={{ base: 24, sm: 64 }}
      className={typeof record.className === "string" ? record.className : undefined}
      data-dummy-payment=""
    >
      <Container size={480} px="md">
        <Group justify="space-between" mb="lg">
          <Group gap={8}>
            <Box w={28} h={28} bg="indigo.6" style={{ borderRadius: 8 }} aria-hidden />
            <Text fw={800} fz="xl" style={{ letterSpacing: "-0.02em" }}>
              {t("brand")}
            </Text>
          </Group>
          <Badge color="orange" variant="light">
            {t("testMode")}
          </Badge>
        </Group>
        <Card withBorder radius="lg" padding="xl" shadow="sm">
          {invoice ? <InvoiceView invoice={invoice} /> : <InvalidLink />}
        </Card>
        <Text fz="xs" c="dimmed" mt="md" ta="center">
          {t("testNote")}
        </Text>
      </Container>
    </Box>
  );
}

function InvoiceView({ invoice }: { invoice: Row }) {
  const site = useSite();
  const language = site.language;
  const t = (key: BillingStringKey) => billingText(key, language);
  const currency = site.all("billing/currencies")[0];
  const amount = moneyLabel(invoice.amount, currency);
  const lines = site.all("ecommerce/orders").flatMap((order) => site.related("ecommerce/orders-to-products", order.id));
  const [status, setStatus] = useState(String(invoice.status ?? "new"));
  const [chosen, setChosen] = useState<"pay" | "decline">();
  const [leaving, setLeaving] = useState(false);
  const { pending, act } = useAction(async (action: "pay" | "decline") => {
    setChosen(action);
    const token = new URLSearchParams(window.location.search).get("token") ?? "";
    const outcome = await sendDummyNotification(invoice.id, token, action);
    if (outcome.next) {
      setLeaving(true);
      window.location.assign(outcome.next);
    } else setStatus(outcome.status);
  });
  const busy = pending || leaving;
  const done = DONE[status];
  return (
    <Stack gap="lg" data-invoice={invoice.id} data-invoice-status={status}>
      <Stack gap={2}>
        <Text c="dimmed" fz="sm">
          {t("amountDue")}
        </Text>
        <Text
          fw={800}
          fz={40}
          lh={1.1}
          style={{ fontVariantNumeric: "tabular-nums", letterSpacing: "-0.02em" }}
          data-amount={String(invoice.amount ?? "")}
        >
          {amount}
        </Text>
        {typeof currency?.slug === "string" ? (
          <Text c="dimmed" fz="xs" tt="uppercase">
            {currency.slug}
          </Text>
        ) : null}
      </Stack>
      {lines.length ? (
        <Stack gap={6}>
          <Title order={4} fz="sm" c="dimmed" fw={600}>
            {t("orderLines")}
          </Title>
          {lines.map(({ relation, record: product }) => (
            <Group key={relation.id} justify="space-between" wrap="nowrap" data-payment-line="">
              <Text fz="sm" truncate>
                {text(product.title, language) || String(product.slug ?? "")}
              </Text>
              <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                × {String(relation.quantity ?? 1)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      <Divider />
      {typeof invoice.email === "string" && invoice.email ? (
        <Group justify="space-between" wrap="nowrap">
          <Text fz="sm" c="dimmed">
            {t("email")}
          </Text>
          <Text fz="sm" fw={500} truncate>
            {invoice.email}
          </Text>
        </Group>
      ) : null}
      {status === "new" ? (
        <Stack gap="sm">
          <Button size="lg" fullWidth onClick={() => void act("pay")} disabled={busy} data-pay="">
            {busy && chosen === "pay" ? t("paying") : `${t("pay")} ${amount}`}
          </Button>
          <Button
            size="md"
            fullWidth
            variant="default"
            onClick={() => void act("decline")}
            disabled={busy}
            data-decline=""
          >
            {busy && chosen === "decline" ? t("declining") : t("decline")}
          </Button>
        </Stack>
      ) : (
        <Alert color={status === "paid" ? "teal" : "orange"} variant="light" data-invoice-done={status}>
          <Stack gap={6}>
            <Text fz="sm">{done ? t(done) : `${t("statusOther")} ${status}`}</Text>
            <Anchor
              href={String((status === "paid" ? invoice.successUrl : invoice.cancelUrl) ?? withLanguage("/", language))}
              fz="sm"
              fw={600}
            >
              {t("continue")}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function InvalidLink() {
  const { language } = useSite();
  const t = (key: BillingStringKey) => billingText(key, language);
  return (
    <Stack gap="sm" data-invalid-payment="">
      <Title order={3}>{t("invalidLink")}</Title>
      <Text c="dimmed">{t("invalidLinkText")}</Text>
      <Anchor href={withLanguage("/", language)} fw={600}>
        {t("backToShop")}
      </Anchor>
    </Stack>
  );
}
