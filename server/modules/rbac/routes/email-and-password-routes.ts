import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance } from "fastify";
import { validationError } from "../../../../engine/errors.js";
import { EMAIL, PASSWORD, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { LANGUAGE_INPUT, checkLanguage } from "../../language-input.js";
import { authRoute } from "./limits.js";
import { twoFactorStep } from "../two-factor/two-factor-sign-in-route.js";
import { deviceOf } from "../devices/device.js";
import { signInSession } from "../devices/sign-in-session.js";

const BASE = `${AUTH}/email-and-password`;

const credentials = inputSchema<{ login: string; password: string }>({
  properties: { login: EMAIL, password: PASSWORD },
  required: ["login", "password"],
});
// Sign-up may also say the site language the visitor used: their mail comes in it.
const registration = inputSchema<{ login: string; password: string; language?: string }>({
  properties: { login: EMAIL, password: PASSWORD, language: LANGUAGE_INPUT },
  required: ["login", "password"],
});
const forgot = inputSchema<{ email: string }>({ properties: { email: EMAIL }, required: ["email"] });
const reset = inputSchema<{ password: string; passwordConfirmation: string; code: string }>({
  properties: {
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    code: { type: "string", minLength: 1, maxLength: 256 },
  },
  required: ["password", "passwordConfirmation", "code"],
});

/** Sign-in, sign-up, forgot and reset password with an email and a password. */
export function registerEmailAndPasswordRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { accounts, sessions, config } = rbac;
  // The original client sends these fields bare: the document shows that form.
  const route = { ...authRoute(config), method: "POST", bareBody: true } as const;

  const signIn = "Sign in with email and password (a guest session's cart moves to the account)";
  defineRoute(
    app,
    { ...route, url: `${BASE}/authentication`, summary: signIn, body: credentials },
    async ({ body: { login, password } }, request, reply) => {
      const subjectId = await attemptSignIn(
        app.audit,
        rbac.db,
        "password",
        () => accounts.authenticate(login, password),
        {
          login,
        },
      );
      const secondStep = await twoFactorStep(rbac, subjectId);
      if (secondStep) return secondStep;
      await rbac.guests.run(request.caller.kind === "subject" ? request.caller.subjectId : undefined, subjectId);
      const session = await signInSession(rbac, request, subjectId, "password");
      sessions.setCookie(reply, session);
      return { data: session };
    },
  );

  const signUp =
    "Sign up with email and password (`language`: one of the site's languages, the one mail is sent in; default the site's default language)";
  defineRoute(
    app,
    { ...route, url: `${BASE}/registration`, summary: signUp, body: registration, status: 201 },
    async ({ body: { login, password, language: named } }, request, reply) => {
      const language = checkLanguage(named);
      const current = request.caller.kind === "subject" ? request.caller.subjectId : undefined;
      const session = await sessions.start(
        await accounts.register(login, password, current, language),
        deviceOf(request),
        "registration",
      );
      sessions.setCookie(reply, session);
      return reply.status(201).send({ data: session });
    },
  );

  defineRoute(
    app,
    {
      ...route,
      url: `${BASE}/forgot-password`,
      summary: "Mail a password reset link (same answer for any email)",
      body: forgot,
    },
    async ({ body: { email } }) => {
      accounts.requestPasswordReset(email);
      return { data: { message: "If an account has this email, a reset link is on its way." } };
    },
  );

  defineRoute(
    app,
    {
      ...route,
      url: `${BASE}/reset-password`,
      summary: "Set a new password with the code from the reset mail",
      body: reset,
    },
    async ({ body: { password, passwordConfirmation, code } }) => {
      if (password !== passwordConfirmation) {
        throw validationError("/passwordConfirmation must equal password", [
          { path: "/passwordConfirmation", message: "must equal password" },
        ]);
      }
      await accounts.resetPassword(code, password);
      return { data: { message: "Password reset successfully" } };
    },
  );
}
