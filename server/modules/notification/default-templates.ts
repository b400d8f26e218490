import type { Language } from "../../../common/site/page-data.js";
import { ACCOUNT_SECURITY_TEMPLATES } from "./account-security-templates.js";

export interface TemplateText {
  subject: string;
  text: string;
}

/**
 * Built-in notification texts, in the shipped languages (another configured language gets the
 * default language's text until a templates row or an entry here gives its own), used when no notification/templates row
 * has the name as its `variant`. The demo content seeds the same texts as rows, to edit.
 */
export const DEFAULT_TEMPLATES: Record<
  string,
  Record<"en" | "ru", TemplateText> & Partial<Record<Language, TemplateText>>
> = {
  // An order's status change, mailed to its buyer (docs/notifications.md); canceled by a refund, it says how much came back.
  "order-status-changed": {
    en: {
      subject: "Order {{orderNumber}}: {{statusText}}",
      text: "Hello,\n\nyour order {{orderNumber}} is now: {{statusText}}{{#previousStatusText}} (it was: {{previousStatusText}}){{/previousStatusText}}.\n{{#refunded}}We have refunded {{refunded}} to you: the money goes back the way you paid.\n{{/refunded}}{{#breakdown}}{{breakdown}}\n{{/breakdown}}{{#total}}Total: {{total}}\n{{/total}}{{#receiptUrl}}\nYour receipt: {{receiptUrl}}\n{{/receiptUrl}}\n{{#payUrl}}\nNot paid yet? Pay now: {{payUrl}}\n{{/payUrl}}{{#address}}\nShipping to: {{address}}\n{{/address}}\nYour order: {{orderUrl}}\nYour orders: {{ordersUrl}}",
    },
    ru: {
      subject: "Заказ {{orderNumber}}: {{statusText}}",
      text: "Здравствуйте!\n\nСтатус вашего заказа {{orderNumber}}: {{statusText}}{{#previousStatusText}} (был: {{previousStatusText}}){{/previousStatusText}}.\n{{#refunded}}Мы вернули вам {{refunded}}: деньги придут тем же способом, которым вы платили.\n{{/refunded}}{{#breakdown}}{{breakdown}}\n{{/breakdown}}{{#total}}Итого: {{total}}\n{{/total}}{{#receiptUrl}}\nВаш чек: {{receiptUrl}}\n{{/receiptUrl}}\n{{#payUrl}}\nЕщё не оплачен? Оплатить сейчас: {{payUrl}}\n{{/payUrl}}{{#address}}\nАдрес доставки: {{address}}\n{{/address}}\nВаш заказ: {{orderUrl}}\nВаши заказы: {{ordersUrl}}",
    },
  },
  // The reminder for an order left unpaid (docs/shop.md), sent once by the unpaid-orders sweep.
  "order-unpaid-reminder": {
    en: {
      subject: "Order {{orderNumber}} is waiting for payment",
      text: "Hello,\n\nyour order {{orderNumber}} is not paid yet. Pay now: {{payUrl}}\n\nUnpaid orders are canceled after {{expiresAfterHours}} hours.",
    },
    ru: {
      subject: "Заказ {{orderNumber}} ждёт оплаты",
      text: "Здравствуйте!\n\nваш заказ {{orderNumber}} ещё не оплачен. Оплатить сейчас: {{payUrl}}\n\nНеоплаченные заказы отменяются через {{expiresAfterHours}} ч.",
    },
  },
  // To the shop's owner (docs/notifications.md): a paid order (owner-order-notice.ts), in SHOP_OWNER_LANGUAGE.
  "owner-order-paid": {
    en: {
      subject: "New paid order {{orderNumber}}: {{total}}",
      text: "A new order has been paid.\n\nOrder: {{orderNumber}}\nCustomer: {{customer}}\n\n{{lines}}\n\n{{#breakdown}}{{breakdown}}\n{{/breakdown}}Total: {{total}}\n{{#address}}\nShipping address:\n{{address}}\n{{/address}}\nThe order in the admin: {{adminUrl}}",
    },
    ru: {
      subject: "Новый оплаченный заказ {{orderNumber}}: {{total}}",
      text: "Оплачен новый заказ.\n\nЗаказ: {{orderNumber}}\nПокупатель: {{customer}}\n\n{{lines}}\n\n{{#breakdown}}{{breakdown}}\n{{/breakdown}}Итого: {{total}}\n{{#address}}\nАдрес доставки:\n{{address}}\n{{/address}}\nЗаказ в админке: {{adminUrl}}",
    },
  },
  // To the shop's owner: a form submission (crm/owner-submission-notice.ts), each input's label and value.
  "owner-form-submitted": {
    en: {
      subject: "New submission of the form {{formTitle}}",
      text: "The form {{formTitle}} has been submitted.\n\n{{fields}}\n\nAll submissions: {{submissionsUrl}}",
    },
    ru: {
      subject: "Новая заявка из формы «{{formTitle}}»",
      text: "Заполнена форма «{{formTitle}}».\n\n{{fields}}\n\nВсе заявки: {{submissionsUrl}}",
    },
  },
  // To the admins: a webhook whose deliveries all failed for five days was turned off (server/modules/admin/webhooks/failing-webhooks.ts).
  "webhook-disabled": {
    en: {
      subject: "Webhook turned off: {{webhookName}}",
      text: "Every delivery to the webhook {{webhookName}} ({{url}}) has failed since {{failingSince}} (UTC), so it was turned off and is sent nothing more.\n\nThe last failure: {{lastError}}\n\nOnce the receiver works again, turn the webhook on and redeliver what it missed:\n{{adminUrl}}",
    },
    ru: {
      subject: "Вебхук отключён: {{webhookName}}",
      text: "Все отправки на вебхук {{webhookName}} ({{url}}) завершаются ошибкой с {{failingSince}} (UTC), поэтому он отключён и больше ничего не получает.\n\nПоследняя ошибка: {{lastError}}\n\nКогда получатель снова заработает, включите вебхук и отправьте пропущенное повторно:\n{{adminUrl}}",
    },
  },
  "password-reset": {
    en: {
      subject: "Reset your password",
      text: "Someone asked to reset the password of this account.\n\nTo choose a new password, open:\n{{link}}\n\nThe link works once, for one hour. If it was not you, ignore this message.",
    },
    ru: {
      subject: "Сброс пароля",
      text: "Кто-то попросил сбросить пароль этой учётной записи.\n\nЧтобы задать новый пароль, откройте:\n{{link}}\n\nСсылка действует один раз, в течение часа. Если это были не вы, не обращайте внимания на это письмо.",
    },
  },
  ...ACCOUNT_SECURITY_TEMPLATES,
  // POST {subjects}/{id}/notify without a template of its own: the subject and text it was given.
  message: {
    en: { subject: "{{subject}}", text: "{{text}}" },
    ru: { subject: "{{subject}}", text: "{{text}}" },
  },
};
