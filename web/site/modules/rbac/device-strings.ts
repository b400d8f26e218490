import { stringTable } from "../../../../common/i18n/string-table.js";

/** The texts of the signed-in devices section and the email change pages, in each language. */
const en = {
  devicesTitle: "Signed-in devices",
  devicesText: "Where your account is signed in now. Sign out a device you do not recognise.",
  thisDevice: "This device",
  deviceOn: "{browser} on {os}",
  signedInAt: "Signed in {time}",
  lastUsedAt: "last active {time}",
  address: "address {address}",
  signOutDevice: "Sign out",
  signOutEverywhereElse: "Sign out everywhere else",
  deviceSignedOut: "The device was signed out",
  othersSignedOut: "Every other device was signed out",
  noOtherDevices: "No other device is signed in.",
  unknownBrowser: "Unknown browser",
  unknownSystem: "unknown system",
  emailLinkSentTitle: "Check your new email",
  emailLinkSent:
    "We sent a link to {email}. Your email changes when you open it (within 24 hours). Until then you sign in with your current email.",
  confirmingEmail: "Confirming your new email...",
  emailConfirmed: "Your email is now {email}. Sign in with it from now on.",
  undoingEmailChange: "Changing your email back...",
  emailChangeUndone:
    "Your email is {email} again, and every device was signed out. Sign in and change your password if someone else changed it.",
  linkInvalid: "This link is invalid, was already used or has expired.",
  goToSettings: "Account settings",
  close: "Close",
};

const ru: Partial<typeof en> = {
  devicesTitle: "Устройства, на которых выполнен вход",
  devicesText: "Где сейчас открыта ваша учётная запись. Завершите сеанс на устройстве, которое вам незнакомо.",
  thisDevice: "Это устройство",
  deviceOn: "{browser} на {os}",
  signedInAt: "Вход {time}",
  lastUsedAt: "последняя активность {time}",
  address: "адрес {address}",
  signOutDevice: "Выйти",
  signOutEverywhereElse: "Выйти на всех других устройствах",
  deviceSignedOut: "Сеанс на устройстве завершён",
  othersSignedOut: "Сеансы на всех других устройствах завершены",
  noOtherDevices: "Других устройств со входом нет.",
  unknownBrowser: "Неизвестный браузер",
  unknownSystem: "неизвестной системе",
  emailLinkSentTitle: "Проверьте новую почту",
  emailLinkSent:
    "Мы отправили ссылку на {email}. Адрес изменится, когда вы её откроете (в течение 24 часов). До тех пор входите с текущим адресом.",
  confirmingEmail: "Подтверждаем новый адрес...",
  emailConfirmed: "Теперь ваш адрес — {email}. Входите с ним.",
  undoingEmailChange: "Возвращаем прежний адрес...",
  emailChangeUndone:
    "Ваш адрес снова {email}, сеансы на всех устройствах завершены. Войдите и смените пароль, если адрес изменил кто-то другой.",
  linkInvalid: "Ссылка недействительна, уже использована или устарела.",
  goToSettings: "Настройки учётной записи",
  close: "Закрыть",
};

export const { text: deviceText } = stringTable("rbac-devices", en, { ru });
export type DeviceStringKey = keyof typeof en;

/** A text with its {name} places filled. */
export const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
