/** A template's subject and text (default-templates.ts's TemplateText, said again so that file may import this one). */
interface TemplateText {
  subject: string;
  text: string;
}

/**
 * The account-security mails (docs/notifications.md), mailed by the rbac module in the subject's
 * language. Links are hidden variables (secretData): shown in the mail, never by the API.
 */
export const ACCOUNT_SECURITY_TEMPLATES: Record<string, Record<"en" | "ru", TemplateText>> = {
  // To the NEW address of an email change: nothing changes until this link is opened.
  "email-change-confirm": {
    en: {
      subject: "Confirm your new email",
      text: "Someone asked to make {{email}} the sign-in email of an account.\n\nTo confirm the change, open:\n{{link}}\n\nThe link works once, for 24 hours. If it was not you, ignore this message: nothing changes.",
    },
    ru: {
      subject: "Подтвердите новый адрес почты",
      text: "Кто-то попросил сделать {{email}} адресом для входа в учётную запись.\n\nЧтобы подтвердить смену адреса, откройте:\n{{link}}\n\nСсылка действует один раз, в течение 24 часов. Если это были не вы, не обращайте внимания на это письмо: ничего не изменится.",
    },
  },
  // To the PREVIOUS address once the change is made: the way back if it was not the owner.
  "email-changed": {
    en: {
      subject: "The email of your account was changed",
      text: "The sign-in email of your account was changed from {{previousEmail}} to {{email}}.\n\nIf it was not you, open this link to change it back and sign out on every device:\n{{link}}\n\nThe link works once, for 7 days.",
    },
    ru: {
      subject: "Адрес почты вашей учётной записи изменён",
      text: "Адрес для входа в вашу учётную запись изменён с {{previousEmail}} на {{email}}.\n\nЕсли это были не вы, откройте ссылку, чтобы вернуть прежний адрес и выйти на всех устройствах:\n{{link}}\n\nСсылка действует один раз, в течение 7 дней.",
    },
  },
  "password-changed": {
    en: {
      subject: "Your password was changed",
      text: "The password of your account was changed, and every other device was signed out.\n\nIf it was not you, reset your password now:\n{{resetUrl}}",
    },
    ru: {
      subject: "Ваш пароль изменён",
      text: "Пароль вашей учётной записи изменён, на остальных устройствах выполнен выход.\n\nЕсли это были не вы, сбросьте пароль сейчас:\n{{resetUrl}}",
    },
  },
  // An administrator reset the subject's two-factor sign-in (a lost phone): the owner hears of it.
  "two-factor-reset": {
    en: {
      subject: "Two-factor sign-in was turned off for your account",
      text: "An administrator turned off two-factor sign-in for your account: the authenticator app and the recovery codes no longer work, and your password alone signs you in until you turn it on again:\n{{settingsUrl}}\n\nIf you did not ask for this, change your password and tell the site's team.",
    },
    ru: {
      subject: "Двухфакторный вход в вашу учётную запись отключён",
      text: "Администратор отключил двухфакторный вход в вашу учётную запись: приложение-аутентификатор и резервные коды больше не действуют, и до повторного включения для входа достаточно пароля:\n{{settingsUrl}}\n\nЕсли вы об этом не просили, смените пароль и сообщите команде сайта.",
    },
  },
  // NEW_DEVICE_MAIL=false turns it off (docs/configuration.md).
  "new-device-sign-in": {
    en: {
      subject: "New sign-in to your account",
      text: "Your account was signed in to from a new device: {{device}}, address {{address}}, at {{time}} (UTC).\n\nIf it was you, there is nothing to do. If not, sign that device out and change your password:\n{{settingsUrl}}",
    },
    ru: {
      subject: "Новый вход в вашу учётную запись",
      text: "В вашу учётную запись вошли с нового устройства: {{device}}, адрес {{address}}, в {{time}} (UTC).\n\nЕсли это были вы, ничего делать не нужно. Если нет, завершите сеанс этого устройства и смените пароль:\n{{settingsUrl}}",
    },
  },
};
