import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { withAuthorization } from "../../security/hook-order.js";
import { adminEmails } from "./accounts/admin-emails.js";
import { authorizationHook } from "./authorization-hook.js";
import { ensureGrants } from "./permissions/ensure-grants.js";
import { routeAccessGrants } from "./permissions/route-access.js";
import { createRbacServices, type RbacServices } from "./rbac-services.js";
import { registerAuthenticationRoutes } from "./routes/authentication-routes.js";
import { registerFirstAdminRoutes } from "./routes/first-admin-routes.js";
import { registerEmailAndPasswordRoutes } from "./routes/email-and-password-routes.js";
import { registerEmailChangeRoutes } from "./routes/email-change-routes.js";
import { registerSessionRoutes } from "./routes/session-routes.js";
import { registerIdentityRoutes } from "./routes/identity-routes.js";
import { registerWalletRoutes } from "./routes/wallet-routes.js";
import { registerTwoFactorRoutes } from "./two-factor/two-factor-routes.js";
import { registerPasskeyRoutes } from "./routes/passkey-routes.js";
import { registerSingleSignOnRoutes } from "./routes/single-sign-on-routes.js";
import { registerApiKeyRoutes } from "./api-keys/api-key-routes.js";

declare module "fastify" {
  interface FastifyInstance {
    rbac: RbacServices;
  }
}

/**
 * Accounts and permissions: the services, the one authorization hook over every /api route
 * (call before any route is registered), the first admin from settings, and the Subject API.
 */
export async function registerRbacModule(app: FastifyInstance, config: Config) {
  const rbac = await createRbacServices(app, config);
  app.decorate("rbac", rbac);
  // The shop owner's mail goes to the admins when no owner address is set: notification asks, rbac knows.
  app.ownerMail.readAdminEmailsWith(adminEmails);
  // Declared up front so every request object keeps one shape (Fastify's advice for speed).
  app.decorateRequest("caller", null as never);
  app.decorateRequest("sessionFamilyId", undefined);
  app.decorateRequest("enrolmentOnly", undefined);
  app.decorateRequest("apiKeyId", undefined);
  app.decorateRequest("ownRowsOf", undefined);
  // Attached to every /api route as it is registered, so no other request pays for it.
  const authorize = authorizationHook(
    rbac.authorizer,
    rbac.ownRows,
    rbac.tokens,
    rbac.revoked,
    config.rbacSecretKey,
    rbac.apiKeys,
  );
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    route.onRequest = withAuthorization([route.onRequest ?? []].flat(), authorize);
    if (route.config?.access) rbac.routeGrants.push(...routeAccessGrants(route.method, route.url, route.config.access));
  });
  // Every module's routes are registered by then: what they declare is granted before the first
  // request, on a fresh database and an existing one alike (ensure-grants.ts), with no migration.
  app.addHook("onReady", async () => {
    await ensureGrants(app.database, app.repositories, rbac.routeGrants);
  });
  if (config.adminEmail && config.adminPassword) {
    const { created } = await rbac.accounts.ensureAdmin(config.adminEmail, config.adminPassword);
    app.log.info(`admin ${config.adminEmail} ${created ? "created" : "updated"} from ADMIN_EMAIL`);
  }
  // After ADMIN_EMAIL, so a start that makes the admin that way prints no setup code.
  await rbac.firstAdmin.prepare();
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerAuthenticationRoutes(routes, rbac);
    registerEmailAndPasswordRoutes(routes, rbac);
    registerEmailChangeRoutes(routes, rbac);
    registerSessionRoutes(routes, rbac);
    registerFirstAdminRoutes(routes, rbac);
    registerWalletRoutes(routes, rbac);
    registerPasskeyRoutes(routes, rbac);
    registerSingleSignOnRoutes(routes, rbac);
    registerIdentityRoutes(routes, rbac);
    registerTwoFactorRoutes(routes, rbac);
    registerApiKeyRoutes(routes, rbac);
  });
}
