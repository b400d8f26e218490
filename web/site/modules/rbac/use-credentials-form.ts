import type { FormEvent } from "react";
import { api } from "../../../api/client.js";
import type { SessionTokens } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { EMAIL_API, HOME, SETTINGS, goTo } from "./routes.js";
import { useAction } from "./use-action.js";
import { useFormFields } from "./use-form-fields.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail, checkPassword } from "./validation.js";
import { SIGN_IN_REASONS, reasonIn } from "./sign-in-reason.js";
import { useTwoFactorChallenge } from "./two-factor/two-factor-sign-in-step.js";
import { mustEnrol } from "./two-factor/two-factor-strings.js";

/**
 * Login and password posted to an email-and-password route (`authentication` or `registration`):
 * on success the session is kept and the visitor goes home, or back to the page that sent them
 * (`?reason=cart`: the cart, kept by sign-up and merged by sign-in). Sign-in and sign-up differ in the
 * route, the button and sign-up's language.
 */
export function useCredentialsForm(route: "authentication" | "registration") {
  const { href, language } = useRbac();
  const { store } = useSession();
  const form = useFormFields({ login: "", password: "" }, (v) => ({
    login: checkEmail(v.login),
    password: checkPassword(v.password),
  }));

  const finish = async (tokens: SessionTokens) => {
    await store.signedIn(tokens);
    const reason = reasonIn(window.location.search);
    // A session that must first turn on two-factor sign-in goes to the account screen, the one place it can.
    if (mustEnrol(tokens.jwt)) return goTo(href(SETTINGS));
    goTo(href(reason ? SIGN_IN_REASONS[reason].back : HOME));
  };
  // With two-factor sign-in on, the password answers a token for the code step instead of a session.
  const twoFactor = useTwoFactorChallenge();

  const { pending, act } = useAction(async () => {
    const { login, password } = form.values;
    // Sign-up tells the server the page's language: the account's mail (order notices) comes in it.
    const body =
      route === "registration" ? { login: login.trim(), password, language } : { login: login.trim(), password };
    const answer = await api<SessionTokens>(`${EMAIL_API}/${route}`, { method: "POST", body, raw: true });
    if (!twoFactor.caught(answer)) await finish(answer);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return { form, pending, submit, twoFactor, finish };
}
