import type { FastifyReply } from "fastify";
import { clearCookie, setCookie } from "../../plugins/cookies.js";
import type { Kysely } from "kysely";
import type { RefreshTokens } from "./refresh-tokens.js";
import type { SessionTokens } from "./session-tokens.js";
import { rolesOf } from "./accounts/subjects.js";

export const SESSION_COOKIE = "rbac.subject.jwt";

export interface Session {
  jwt: string;
  refresh: string;
}

/** Issues a session: a refresh token (new family, or the rotated one's) and a JWT naming both. */
export class Sessions {
  constructor(
    private readonly db: Kysely<any>,
    private readonly tokens: SessionTokens,
    readonly refreshTokens: RefreshTokens,
    private readonly secureCookies: boolean,
  ) {}

  async start(subjectId: string): Promise<Session> {
    const refresh = await this.refreshTokens.issue(subjectId);
    return { jwt: await this.jwtFor(subjectId, refresh.familyId), refresh: refresh.token };
  }

  /** Spends a refresh token and answers with the next session of the same family. */
  async refresh(token: string): Promise<Session> {
    const next = await this.refreshTokens.rotate(token);
    return { jwt: await this.jwtFor(next.subjectId, next.familyId), refresh: next.token };
  }

  private async jwtFor(subjectId: string, familyId: string) {
    const roles = (await rolesOf(this.db, subjectId)).map((r) => r.uid as string);
    return this.tokens.sign({ subjectId, roles, familyId });
  }

  /**
   * The session cookie is HttpOnly: page scripts never need it (the body carries the JWT for
   * clients that send a bearer header), so an XSS bug cannot read it. SameSite=Lax keeps it off
   * cross-site POSTs; Secure in production.
   */
  setCookie(reply: FastifyReply, jwt: string) {
    setCookie(reply, {
      name: SESSION_COOKIE,
      value: jwt,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: this.secureCookies,
      maxAge: this.tokens.ttlSeconds,
    });
  }

  clearCookie(reply: FastifyReply) {
    clearCookie(reply, SESSION_COOKIE);
  }
}
