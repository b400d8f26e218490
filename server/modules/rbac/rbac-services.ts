import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { BackgroundWork } from "../../background-work.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import type { Notifications } from "../notification/index.js";
import { Accounts } from "./accounts/accounts.js";
import { FirstAdminSetup } from "./accounts/first-admin-setup.js";
import { Authorizer } from "./permissions/authorizer.js";
import { MembersOnly } from "./permissions/members-only.js";
import { OwnRows } from "./permissions/own-rows.js";
import type { Grant } from "./permissions/ensure-grants.js";
import { applySchemaAccess } from "./permissions/schema-access.js";
import { seedPermissions } from "./permissions/seed-permissions.js";
import { RefreshTokens } from "./refresh-tokens.js";
import { RevokedSessions } from "./revoked-sessions.js";
import { SessionTokens } from "./session-tokens.js";
import { Sessions } from "./sessions.js";
import { resolveSigningSecret } from "../../lib/signing-secret.js";
import { WalletSignIn } from "./wallet-sign-in.js";
import { SSO_CALLBACK } from "./single-sign-on/paths.js";
import { GuestHandover } from "./accounts/guest-handover.js";
import { SubjectRecords } from "./accounts/subject-records.js";
import { TwoFactor } from "./two-factor/two-factor.js";
import { AccountNotices } from "./accounts/account-notices.js";
import { EmailChanges } from "./accounts/email-changes.js";
import { SingleSignOn } from "./single-sign-on/single-sign-on.js";
import { ApiKeys } from "./api-keys/api-keys.js";

export interface RbacServices {
  config: Config;
  /** rbac's queries over the app's database, tables named by model id (engine/query/model-tables.ts). */
  db: ModelQueries;
  tokens: SessionTokens;
  /** Sign-ins ended early (logout, password change or reset, a replayed refresh token). */
  revoked: RevokedSessions;
  sessions: Sessions;
  authorizer: Authorizer;
  /** Content a caller may reach only through a link it may not read: hidden from it everywhere. */
  membersOnly: MembersOnly;
  /** A subject's own rows of the models its cart is made of, readable by it through the generic routes. */
  ownRows: OwnRows;
  accounts: Accounts;
  /** The mails that tell a subject what happened to its account (email change, password change, new device). */
  notices: AccountNotices;
  /** A subject's email change, confirmed from the new address and undoable from the old one. */
  emailChanges: EmailChanges;
  /** What other modules read and write of a subject: its record, its email, a form request's link. */
  subjects: SubjectRecords;
  /** A guest signing in: modules move the guest subject's things (the cart) to the account. */
  guests: GuestHandover;
  /** The first admin from /admin with the one-time code of the start log, while no admin exists. */
  firstAdmin: FirstAdminSetup;
  wallets: WalletSignIn;
  /** TOTP two-factor sign-in: factors, recovery codes, the sign-in's second step, required roles. */
  twoFactor: TwoFactor;
  /** Personal API keys: made, listed, revoked, and recognised on a request (docs/security.md "API keys"). */
  apiKeys: ApiKeys;
  /** Single sign-on with OpenID Connect; undefined while OIDC_ISSUER is unset. */
  singleSignOn?: SingleSignOn;
  /** The permissions the hand-written routes' `access` asks for, gathered as they are registered and granted on ready (route-access.ts). */
  routeGrants: Grant[];
  /** The notification queue (password reset mail); `flush()` waits until what is due went out. */
  mailer: Notifications;
  /** Work done after the answer (password reset mail); `settled()` waits for it. */
  background: BackgroundWork;
}

/** The rbac module's services over the app's database and repositories; seeds the default permissions. */
export async function createRbacServices(app: FastifyInstance, config: Config): Promise<RbacServices> {
  const { database, repositories } = app;
  const db = modelQueries(database.db, app.registry);
  await seedPermissions(database, repositories);
  await applySchemaAccess(database, repositories, app.registry);
  const secret = await resolveSigningSecret(
    config.jwtSecret,
    config.production,
    repositories.get("rbac/signing-keys")!,
  );
  const tokens = new SessionTokens(secret, config.accessTokenTtlSeconds);
  const refreshTokens = new RefreshTokens(db, config.refreshTokenTtlSeconds, app.changes);
  const revoked = new RevokedSessions(db, config.accessTokenTtlSeconds, app.changes, app.log);
  await revoked.reload();
  const mailer = app.notifications;
  const background = new BackgroundWork(app.log);
  app.addHook("onClose", async () => {
    await background.settled();
  });
  const authorizer = new Authorizer(db, app.changes);
  const twoFactor = new TwoFactor(db, {
    secret: config.twoFactorKey ?? secret,
    requiredRoles: config.twoFactorRequiredRoles,
    issuer: new URL(config.publicUrl).hostname,
  });
  // Turning two-factor sign-in on and off is recorded in the audit log.
  twoFactor.factors.audit = app.audit;
  const accounts = new Accounts(database, db, repositories, refreshTokens, mailer, background, {
    publicUrl: config.publicUrl,
    registered: (trx, subject) => app.webhooks.enqueue(trx, { type: "rbac.subject.created", data: subject }),
  });
  const notices = new AccountNotices(db, new SubjectRecords(db, repositories), mailer, background, config.publicUrl);
  return {
    config,
    db,
    tokens,
    revoked,
    sessions: auditedSessions(
      app,
      new Sessions(
        db,
        tokens,
        refreshTokens,
        { secure: config.production, httpOnly: config.sessionCookieHttpOnly },
        (subjectId, roles) => twoFactor.enrolmentPending(subjectId, roles),
      ),
    ),
    authorizer,
    // A row is members-only by the links of the copy it is read from: visitors' by the published links.
    membersOnly: new MembersOnly(
      app.registry,
      { working: repositories, published: app.publishedRepositories },
      authorizer,
      app.changes,
      app.log,
    ),
    ownRows: new OwnRows(db, repositories),
    accounts,
    notices,
    emailChanges: new EmailChanges(database, repositories, db, refreshTokens, notices),
    subjects: new SubjectRecords(db, repositories),
    guests: new GuestHandover(database, repositories),
    firstAdmin: new FirstAdminSetup(db, accounts),
    wallets: new WalletSignIn(database, repositories, { timestampMessages: config.evmTimestampMessages }),
    singleSignOn:
      config.oidc && new SingleSignOn(database, repositories, db, config.oidc, `${config.publicUrl}${SSO_CALLBACK}`),
    twoFactor,
    apiKeys: auditedApiKeys(app, new ApiKeys(db, secret, app.changes, background)),
    routeGrants: [],
    mailer,
    background,
  };
}

/** The sessions, their sign-ins recorded in the app's audit log (docs/audit.md). */
function auditedSessions(app: FastifyInstance, sessions: Sessions): Sessions {
  sessions.audit = app.audit;
  return sessions;
}

/** The API keys, their creation and revocation recorded in the app's audit log. */
function auditedApiKeys(app: FastifyInstance, keys: ApiKeys): ApiKeys {
  keys.audit = app.audit;
  return keys;
}
