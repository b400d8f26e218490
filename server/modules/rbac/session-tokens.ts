import { SignJWT, jwtVerify, errors } from "jose";

/** What a session token says: who, with which roles (informational), from which sign-in. */
export interface SessionClaims {
  subjectId: string;
  roles: string[];
  /** The refresh-token family of this sign-in; logout revokes it. */
  familyId: string;
}

const ISSUER = "sps";
const ALGORITHM = "HS256";

/**
 * Short-lived HS256 JWTs. The roles inside are for clients to show; authorization reads the
 * subject's current roles on the server, so a role taken away counts at once.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string, readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ roles: claims.roles, sid: claims.familyId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.subjectId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token; undefined for an expired, forged or malformed one (signed out). */
  async verify(token: string): Promise<SessionClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: [ALGORITHM] });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === "string") : [];
      return { subjectId: payload.sub, roles, familyId: payload.sid };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
