import { SignJWT, jwtVerify, errors } from "jose";

/** What a session token says: who, with which roles (informational), from which sign-in. */
export interface SessionClaims {
  subjectId: string;
  roles: string[];
  /** The refresh-token family of this sign-in; logout revokes it. */
  familyId: string;
  /** Signed while two-factor enrolment is pending: reaches only the enrolment routes (two-factor/enrolment-only.ts). */
  enrolmentOnly?: boolean;
}

/** Verified claims, with when the token stops being taken (ms since the epoch). */
export interface VerifiedClaims extends SessionClaims {
  expiresAtMs: number;
}

/**
 * The signed-in subject as the original client decodes it from the token (`subject.id`,
 * `subject.slug`): informational like `roles`; the server reads only `sub`.
 */
export interface SubjectClaim {
  id: string;
  slug: string | null;
}

/** The `scp` claim of a session that may only enrol in two-factor sign-in. */
const ENROLMENT_SCOPE = "two-factor-enrolment";

/** A refresh token handed out as a JWT carries this type, so it is never taken for a session token. */
export const REFRESH_TOKEN_TYPE = "refresh";

const ISSUER = "sps";
const ALGORITHM = "HS256";

/**
 * Short-lived HS256 JWTs. The roles inside are for clients to show; authorization reads the
 * subject's current roles on the server, so a role taken away counts at once.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims & { subject?: SubjectClaim }, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    const subject = claims.subject ? { subject: claims.subject } : {};
    const scope = claims.enrolmentOnly ? { scp: ENROLMENT_SCOPE } : {};
    return new SignJWT({ ...subject, ...scope, roles: claims.roles, sid: claims.familyId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.subjectId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * A refresh token as a JWT (the original client reads its `exp` to decide when to refresh): the
   * opaque secret inside, signed with the same key, expiring with the stored token. The database
   * row stays the truth (rotation, reuse detection, revocation); the signature only keeps a
   * client from handing us a made-up envelope.
   */
  signRefresh(secret: string, expiresAtMs: number, now = Date.now()): Promise<string> {
    return new SignJWT({ typ: REFRESH_TOKEN_TYPE, secret })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(this.key);
  }

  /**
   * The opaque secret a refresh token stands for. A token without dots is the opaque form handed
   * out before refresh tokens became JWTs (looked up as it is, so those sessions keep working
   * until they expire); a JWT must be ours, unexpired and of the refresh type, else undefined.
   */
  async refreshSecret(token: string): Promise<string | undefined> {
    if (!token.includes(".")) return token;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: [ALGORITHM] });
      return payload.typ === REFRESH_TOKEN_TYPE && typeof payload.secret === "string" ? payload.secret : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  /** The claims of a valid token; undefined for an expired, forged or malformed one (signed out). */
  async verify(token: string): Promise<VerifiedClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: [ALGORITHM],
        requiredClaims: ["exp"],
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || payload.typ === REFRESH_TOKEN_TYPE)
        return undefined;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === "string") : [];
      // Any scope other than none is the narrower one: a claim this code does not know opens nothing more.
      const enrolmentOnly = payload.scp !== undefined;
      return { subjectId: payload.sub, roles, familyId: payload.sid, expiresAtMs: payload.exp! * 1000, enrolmentOnly };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
