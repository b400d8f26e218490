import { adminLanguage } from "../admin-language.js";
/** The setup screen's texts in the admin's two languages; the browser's language picks one. */
const texts = {
  en: {
    title: "Create the first administrator",
    intro:
      "This site has no administrator yet. Enter the setup code from the server's start log, and the email and password of your account.",
    code: "Setup code",
    codeHint: "Printed once in the log of npm start: “enter the setup code …”",
    email: "Email",
    password: "Password",
    passwordHint: "At least 8 characters",
    submit: "Create administrator",
    wrongCode: "Wrong setup code. Copy it from the server's start log.",
    alreadyDone: "An administrator already exists. Sign in instead.",
  },
  ru: {
    title: "Создание первого администратора",
    intro:
      "У сайта ещё нет администратора. Введите код настройки из журнала запуска сервера, а также email и пароль вашей учётной записи.",
    code: "Код настройки",
    codeHint: "Выводится один раз в журнал npm start: «enter the setup code …»",
    email: "Email",
    password: "Пароль",
    passwordHint: "Не меньше 8 символов",
    submit: "Создать администратора",
    wrongCode: "Неверный код настройки. Скопируйте его из журнала запуска сервера.",
    alreadyDone: "Администратор уже есть. Войдите в систему.",
  },
} as const;

export type FirstAdminTexts = (typeof texts)[keyof typeof texts];

export function firstAdminTexts(language = adminLanguage()): FirstAdminTexts {
  return language.toLowerCase().startsWith("ru") ? texts.ru : texts.en;
}
