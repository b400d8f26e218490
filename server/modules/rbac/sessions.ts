import type { FastifyReply } from "fastify";
import { clearCookie, setCookie } from "../../plugins/cookies.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { AppError } from "../../../engine/errors.js";
import type { IssuedRefresh, RefreshTokens } from "./refresh-tokens.js";
import type { SessionTokens } from "./session-tokens.js";
import { rolesOf } from "./accounts/subjects.js";
import type { Device } from "./devices/device.js";
import type { AuditTrail } from "../../../engine/audit/audit-trail.js";
import { recordSignIn, type SignInMethod } from "./sign-in-audit.js";

export const SESSION_COOKIE = "rbac.subject.jwt";
/**
 * The refresh token as an HttpOnly cookie sent only to the authentication routes (refresh and
 * logout): the admin keeps its session alive with it, and no page script can read it.
 */
export const REFRESH_COOKIE = "rbac.subject.refresh";
export const REFRESH_COOKIE_PATH = "/api/rbac/subjects/authentication";

export interface Session {
  jwt: string;
  /** A JWT carrying the stored token's secret (see SessionTokens.signRefresh). */
  refresh: string;
}

export interface SessionCookieOptions {
  secure: boolean;
  /** SESSION_COOKIE_HTTP_ONLY; true unless the original frontend must read the cookie. */
  httpOnly: boolean;
}

const invalidRefresh = () => new AppError("AUTHENTICATION_ERROR", "the refresh token is invalid, expired or revoked");

/** Issues a session: a refresh token (new family, or the rotated one's) and a JWT naming both. */
export class Sessions {
  /** The audit log: each sign-in is recorded with its session's token (rbac-services.ts sets it). */
  audit?: AuditTrail;

  constructor(
    private readonly db: ModelQueries,
    private readonly tokens: SessionTokens,
    readonly refreshTokens: RefreshTokens,
    private readonly cookie: SessionCookieOptions,
    /** True while the subject must still enrol in two-factor sign-in (TWO_FACTOR_REQUIRED_ROLES): its sessions are enrolment-only. */
    private readonly enrolmentPending: (subjectId: string, roleUids: string[]) => Promise<boolean> = async () => false,
  ) {}

  /**
   * A new sign-in; `device` (the request's, devices/device.ts) is what the list of signed-in devices
   * shows for it. Its audit entry (`method`) is written with its token, in one transaction.
   */
  async start(subjectId: string, device: Device | undefined, method: SignInMethod): Promise<Session> {
    const audit = this.audit;
    const issued = audit
      ? await this.db.transaction().execute(async (trx) => {
          const issued = await this.refreshTokens.issue(subjectId, undefined, trx, { device });
          await recordSignIn(audit, trx, subjectId, method);
          return issued;
        })
      : await this.refreshTokens.issue(subjectId, undefined, undefined, { device });
    return this.sessionOf(subjectId, issued);
  }

  /** Spends a refresh token (either form, see SessionTokens.refreshSecret) and answers with the next session of the same family. */
  async refresh(token: string, device?: Device): Promise<Session> {
    const secret = await this.tokens.refreshSecret(token);
    if (!secret) throw invalidRefresh();
    const next = await this.refreshTokens.rotate(secret, device);
    return this.sessionOf(next.subjectId, next);
  }

  /** The sign-in a refresh token belongs to, if it is a token of ours (logout). */
  async familyOf(token: string): Promise<string | undefined> {
    const secret = await this.tokens.refreshSecret(token);
    return secret ? this.refreshTokens.familyOf(secret) : undefined;
  }

  private async sessionOf(subjectId: string, refresh: IssuedRefresh): Promise<Session> {
    const [roles, subject] = await Promise.all([
      rolesOf(this.db, subjectId),
      this.db.selectFrom("rbac/subjects").select(["id", "slug"]).where("id", "=", subjectId).executeTakeFirst(),
    ]);
    const roleUids = roles.map((r) => r.uid);
    // Decided at every issue, refresh included: a refreshed session is narrowed or widened with the subject's roles and factor.
    const enrolmentOnly = await this.enrolmentPending(subjectId, roleUids);
    const jwt = await this.tokens.sign({
      subjectId,
      roles: roleUids,
      enrolmentOnly,
      familyId: refresh.familyId,
      subject: { id: subjectId, slug: subject?.slug ?? null },
    });
    return { jwt, refresh: await this.tokens.signRefresh(refresh.token, refresh.expiresAtMs, refresh.issuedAtMs) };
  }

  /**
   * The session cookie is HttpOnly by default: page scripts never need it (the body carries the
   * JWT for clients that send a bearer header), so an XSS bug cannot read it. The original
   * frontend builds its bearer from `document.cookie`, so SESSION_COOKIE_HTTP_ONLY=false gives
   * that up (docs/api.md "Running the original frontend"). SameSite=Lax keeps it off cross-site
   * POSTs; Secure in production.
   */
  setCookie(reply: FastifyReply, session: Session) {
    setCookie(reply, {
      name: SESSION_COOKIE,
      value: session.jwt,
      path: "/",
      httpOnly: this.cookie.httpOnly,
      sameSite: "lax",
      secure: this.cookie.secure,
      maxAge: this.tokens.ttlSeconds,
    });
    setCookie(reply, {
      name: REFRESH_COOKIE,
      value: session.refresh,
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: "strict",
      secure: this.cookie.secure,
      maxAge: this.refreshTokens.ttlSeconds,
    });
  }

  clearCookie(reply: FastifyReply) {
    clearCookie(reply, SESSION_COOKIE);
    clearCookie(reply, REFRESH_COOKIE, REFRESH_COOKIE_PATH);
  }
}
