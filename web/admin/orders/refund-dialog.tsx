import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
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

/**
 * Refund with an amount field (the whole amount left by default) and a confirmation. One
 * Idempotency-Key per opening: a double click or a retry after a lost answer is the same refund.
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
  const whole = amount.trim() === left;
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
              onClick={() => setConfirming(true)}
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
