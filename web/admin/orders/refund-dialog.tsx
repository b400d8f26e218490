import { Button, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { api } from "../../api/client.js";
import { notifyError, notifySuccess } from "../notify.js";
import type { OrdersTexts } from "./orders-texts.js";
import { money, type DeskOrderPage } from "./use-desk.js";

/** "39.98" − "10.00" at the currency's precision, through whole minor units (never a float). */
export function leftToRefund(paid: string, refunded: string, decimals: number): string {
  const units = (amount: string) => {
    const [whole, fraction = ""] = amount.split(".");
    return BigInt(`${whole}${fraction.padEnd(decimals, "0").slice(0, decimals)}`);
  };
  const digits = (units(paid) - units(refunded)).toString().padStart(decimals + 1, "0");
  return decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/** What a refund gives back of each line and of delivery, each with its tax (GET …/refund-allocation). */
interface Allocation {
  lines: { id: string; amount: string; tax: string }[];
  delivery: { amount: string; tax: string };
  tax: string;
}

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

/**
 * Refund with an amount field (the whole amount left by default) and a confirmation, which says
 * how the amount is shared among the lines and delivery and the tax in each when the invoice has
 * a breakdown (the server's share, as the refund will store it). One Idempotency-Key per opening:
 * a double click or a retry after a lost answer is the same refund.
 */
export function RefundDialog({
  order,
  t,
  opened,
  onClose,
  onDone,
}: {
  order: DeskOrderPage;
  t: OrdersTexts;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const left = leftToRefund(order.paid ?? "0", order.refunded ?? "0", order.currency?.decimals ?? 2);
  const [amount, setAmount] = useState(left);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const [allocation, setAllocation] = useState<Allocation | null>(null);
  const whole = amount.trim() === left;
  const next = async () => {
    setConfirming(true);
    setAllocation(null);
    try {
      const answer = await api<{ allocation: Allocation | null }>(
        `/api/ecommerce/orders/${order.id}/refund-allocation`,
        {
          query: whole ? {} : { amount: amount.trim() },
        },
      );
      setAllocation(answer.allocation);
    } catch {
      // Only an explanation: the refund itself says what is wrong with the amount.
    }
  };
  const title = (lineId: string) => order.pricing?.lines.find((l) => l.id === lineId)?.title ?? lineId;
  const send = async () => {
    setSending(true);
    try {
      const answer = await api<{ refund: { amount: string } }>(`/api/ecommerce/orders/${order.id}/refund`, {
        method: "POST",
        body: whole ? {} : { amount: amount.trim() },
        headers: { "idempotency-key": key },
      });
      notifySuccess(t.refundDone(money(answer.refund.amount, order)));
      onDone();
    } catch (error) {
      notifyError(error);
      setConfirming(false);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.refundTitle} data-testid="refund-dialog">
      {confirming ? (
        <Stack>
          <Text data-testid="refund-confirm">{t.refundConfirm(money(amount.trim(), order))}</Text>
          {allocation && (
            <div data-testid="refund-allocation">
              <Text size="sm">{t.refundShared}</Text>
              <List size="sm" mt={4}>
                {allocation.lines
                  .filter((line) => !isZero(line.amount))
                  .map((line) => (
                    <List.Item key={line.id}>
                      {t.refundPart(title(line.id), money(line.amount, order), money(line.tax, order))}
                    </List.Item>
                  ))}
                {!isZero(allocation.delivery.amount) && (
                  <List.Item>
                    {t.refundPart(
                      t.deliveryPart,
                      money(allocation.delivery.amount, order),
                      money(allocation.delivery.tax, order),
                    )}
                  </List.Item>
                )}
              </List>
              <Text size="sm" mt={4} fw={600}>
                {t.refundTax(money(allocation.tax, order))}
              </Text>
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <Button color="red" loading={sending} onClick={send} data-testid="refund-yes">
              {t.refundYes}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            label={t.refundAmount}
            description={t.refundHint(money(left, order))}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            rightSection={<Text size="xs">{order.currency?.code}</Text>}
            data-testid="refund-amount"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button
              color="red"
              onClick={next}
              disabled={!/^\d+(\.\d+)?$/.test(amount.trim())}
              data-testid="refund-next"
            >
              {t.refund}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
