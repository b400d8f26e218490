import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance } from "fastify";
import { EMAIL, PASSWORD, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { authRoute } from "./limits.js";
import { deviceOf } from "../devices/device.js";

const BASE = `${AUTH}/first-admin`;

const setup = inputSchema<{ code: string; login: string; password: string }>({
  properties: { code: { type: "string", minLength: 1, maxLength: 64 }, login: EMAIL, password: PASSWORD },
  required: ["code", "login", "password"],
});

/** The first admin from /admin's setup screen, with the code from the start log (docs/security.md "Accounts and permissions"). */
export function registerFirstAdminRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { firstAdmin, sessions, config } = rbac;

  const needed = {
    method: "GET",
    url: BASE,
    ...authRoute(config),
    summary: "Whether the first administrator is still to be made (the admin then shows its setup screen)",
  } as const;
  defineRoute(app, needed, async () => ({ data: { needed: await firstAdmin.needed() } }));

  const create = {
    method: "POST",
    url: BASE,
    ...authRoute(config),
    summary: "Make the first administrator with the one-time setup code from the start log, and sign in as it",
    body: setup,
    status: 201,
  } as const;
  defineRoute(app, create, async ({ body: { code, login, password } }, request, reply) => {
    // A wrong code is recorded as a failed sign-in; the setup itself as its own entry, then the admin's sign-in.
    const subjectId = await attemptSignIn(
      app.audit,
      rbac.db,
      "first-admin",
      () => firstAdmin.createAdmin(code, login, password),
      { login },
    );
    await app.audit?.record(rbac.db, [
      { model: "rbac/subjects", recordId: subjectId, action: "first-admin-setup", changes: { login: [null, login] } },
    ]);
    const session = await sessions.start(subjectId, deviceOf(request), "first-admin");
    sessions.setCookie(reply, session);
    return reply.status(201).send({ data: session });
  });
}
