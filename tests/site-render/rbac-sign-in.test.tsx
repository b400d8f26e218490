import { describe, expect, test } from "vitest";
import type { Language } from "../../common/site/page-data.js";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

/** A page holding one rbac widget of `variant`, server-rendered through the variant registry. */
function renderScreen(variant: string, language: Language, fields: Record<string, unknown> = {}) {
  const page = new PageBuilder({ language, path: "/rbac/subject/authentication/select-method" });
  page.widget("rbac", { variant, ...fields });
  const html = renderApp(page.data);
  return { html, text: textOf(html) };
}

const LANGUAGES: Language[] = ["en", "ru"];

describe("rbac sign-in screens, server-rendered", () => {
  test.each(LANGUAGES)(
    "select-method-default (%s): the login card with its widget texts, fields, links and the method toggle",
    (language) => {
      const t = rbacStrings[language]!;
      const { html, text } = renderScreen("select-method-default", language, {
        title: en("Sign in", "Вход"),
        subtitle: en("Welcome back", "С возвращением"),
        description: en("Use your email", "Используйте почту"),
      });
      for (const expected of [
        t.home,
        t.email,
        t.password,
        t.forgotPassword,
        t.login,
        t.noAccount,
        t.signUp,
        t.orContinueWith,
        t.methodEmail,
        t.methodEvm,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toContain(
        language === "ru" ? "Вход С возвращением Используйте почту" : "Sign in Welcome back Use your email",
      );
      const prefix = language === "ru" ? "/ru" : "";
      expect(html).toContain(`href="${prefix || "/"}"`);
      expect(html).toContain(`href="${prefix}/rbac/subject/authentication/email-and-password/forgot-password"`);
      expect(html).toContain(`href="${prefix}/rbac/subject/authentication/email-and-password/registration"`);
      expect(html).toMatch(/name="login"[^>]*type="email"|type="email"[^>]*name="login"/);
      expect(html).toContain('name="password"');
      expect(html).toContain(`title="${t.methodEvmTitle}"`);
      // Until hydration the submit button is disabled: an early Enter cannot send a native GET with the password.
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
      // Nothing user-specific on the server: no Logout, no "signed in as".
      expect(text).not.toContain(t.signedInAs);
    },
  );

  test("the English and Russian login cards share no UI text", () => {
    const english = renderScreen("select-method-default", "en").text;
    const russian = renderScreen("select-method-default", "ru").text;
    for (const key of ["forgotPassword", "noAccount", "signUp", "orContinueWith", "login"] as const) {
      expect(english).toContain(rbacStrings.en[key]);
      expect(russian).not.toContain(rbacStrings.en[key]);
    }
  });

  test.each(LANGUAGES)("registration-default (%s)", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = renderScreen("registration-default", language, {
      title: en("Create your account", "Создайте аккаунт"),
    });
    for (const expected of [t.email, t.password, t.createAccount, t.alreadyHaveAccount, t.signIn])
      expect(text).toContain(expected);
    expect(text).toContain(language === "ru" ? "Создайте аккаунт" : "Create your account");
    expect(html).toContain(`href="${language === "ru" ? "/ru" : ""}/rbac/subject/authentication/select-method"`);
    expect(html).toMatch(/autocomplete="new-password"/i);
  });

  test.each(LANGUAGES)("forgot-password-default (%s)", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = renderScreen("forgot-password-default", language);
    for (const expected of [t.email, t.sendResetLink, t.backToSignIn]) expect(text).toContain(expected);
    expect(text).not.toContain(t.resetLinkSent);
    expect(html).toContain('name="email"');
  });

  test.each(LANGUAGES)(
    "reset-password-default (%s): password, confirmation and the button; the code is read in the browser",
    (language) => {
      const t = rbacStrings[language]!;
      const { html, text } = renderScreen("reset-password-default", language);
      for (const expected of [t.password, t.passwordConfirmation, t.resetPassword]) expect(text).toContain(expected);
      expect(html).toContain('name="passwordConfirmation"');
      // The server cannot see ?code=…: no "missing code" warning before the browser has looked.
      expect(text).not.toContain(t.missingCode);
    },
  );

  test.each(LANGUAGES)("logout-default (%s): signing-out text and a Logout button", (language) => {
    const t = rbacStrings[language]!;
    const { text } = renderScreen("logout-default", language);
    expect(text).toContain(t.loggingOut);
    expect(text).toContain(t.logout);
  });

  test("an unknown rbac variant renders nothing", () => {
    const { text } = renderScreen("no-such-variant", "en", { title: en("Invisible") });
    expect(text).not.toContain("Invisible");
  });
});

describe("rbac strings", () => {
  test("every key has a Russian text of its own (translated, not copied), except names", () => {
    const same = Object.keys(rbacStrings.en).filter(
      (key) =>
        rbacStrings.en[key as keyof typeof rbacStrings.en] === rbacStrings.ru[key as keyof typeof rbacStrings.en],
    );
    expect(same).toEqual(["providerEvm"]);
    for (const value of Object.values(rbacStrings.ru)) expect(value.trim()).not.toBe("");
  });
});
