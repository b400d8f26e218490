import { stringTable } from "../../../../common/i18n/string-table.js";

/** Texts of the dummy provider's payment page, in each language. */
const en = {
  brand: "Dummy Pay",
  testMode: "Test mode",
  amountDue: "Amount due",
  orderLines: "Order",
  email: "Receipt to",
  pay: "Pay",
  paying: "Paying...",
  decline: "Decline",
  declining: "Declining...",
  testNote:
    "This is a test payment page: no money is charged. Pay or Decline sends the provider's signed notification to the shop.",
  invalidLink: "This payment link is not valid.",
  invalidLinkText: "Check the address, or go back to the shop and check out again.",
  backToShop: "Back to the shop",
  statusPaid: "This invoice has been paid.",
  statusFailed: "This payment was declined.",
  statusCanceled: "This payment was canceled.",
  statusRefunded: "This payment was refunded.",
  statusOther: "This invoice is no longer payable. Status:",
  continue: "Continue",
} as const;

export type BillingStringKey = keyof typeof en;

const ru: Record<BillingStringKey, string> = {
  brand: "Dummy Pay",
  testMode: "Тестовый режим",
  amountDue: "К оплате",
  orderLines: "Заказ",
  email: "Чек на адрес",
  pay: "Оплатить",
  paying: "Оплата...",
  decline: "Отклонить",
  declining: "Отклонение...",
  testNote:
    "Это тестовая страница оплаты: деньги не списываются. «Оплатить» или «Отклонить» отправляют магазину подписанное уведомление платёжной системы.",
  invalidLink: "Эта ссылка на оплату недействительна.",
  invalidLinkText: "Проверьте адрес или вернитесь в магазин и оформите заказ снова.",
  backToShop: "Вернуться в магазин",
  statusPaid: "Этот счёт уже оплачен.",
  statusFailed: "Этот платёж отклонён.",
  statusCanceled: "Этот платёж отменён.",
  statusRefunded: "Этот платёж возвращён.",
  statusOther: "Этот счёт больше нельзя оплатить. Статус:",
  continue: "Продолжить",
};

/** The texts by language, and the text for a key in a language (English when a language lacks it). */
export const { strings: billingStrings, text: billingText } = stringTable("billing", en, { ru });
