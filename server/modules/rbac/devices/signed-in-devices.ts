import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Device } from "./device.js";
import { userAgentWords } from "./user-agent-words.js";

/** One sign-in still alive, as GET {subjects}/{id}/sessions shows it. */
export interface SignedInDevice {
  /** The sign-in's id (its refresh-token family, the session token's `sid`): what DELETE …/sessions/{sessionId} takes. */
  id: string;
  signedInAt: string;
  /**
   * When the sign-in was last renewed (its refresh token spent for a new session, about every
   * ACCESS_TOKEN_TTL_SECONDS while it is in use), or began. Requests made with a session token
   * between two renewals are not counted: recording each would cost a write per request.
   */
  lastUsedAt: string;
  address: string | null;
  userAgent: string | null;
  browser: string;
  os: string;
  /** "Chrome on macOS" (user-agent-words.ts). */
  device: string;
  /** The sign-in of the request that asked. */
  current: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The subject's live sign-ins, read from their refresh tokens: each family's one token neither
 * spent nor revoked nor expired is that sign-in's newest, made at its last renewal.
 */
export async function signedInDevices(
  db: ModelQueries,
  subjectId: string,
  currentFamilyId: string | undefined,
): Promise<SignedInDevice[]> {
  const rows = await db
    .selectFrom("rbac/refresh-tokens")
    .select(["familyId", "createdAt", "signedInAt", "userAgent", "address"])
    .where("subjectId", "=", subjectId)
    .where("usedAt", "is", null)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => {
    const words = userAgentWords(row.userAgent);
    return {
      id: row.familyId,
      signedInAt: iso(row.signedInAt ?? row.createdAt),
      lastUsedAt: iso(row.createdAt),
      address: row.address ?? null,
      userAgent: row.userAgent ?? null,
      browser: words.browser,
      os: words.os,
      device: words.words,
      current: row.familyId === currentFamilyId,
    };
  });
}

/**
 * Whether a sign-in from this device is news to the subject: it has signed in from a recorded
 * device before, and never from this User-Agent at this address. A subject with no recorded
 * device yet (its first sign-in, or tokens made before devices were recorded) gets no notice, so
 * the first sign-ins after an upgrade mail nobody.
 */
export async function isNewDevice(db: ModelQueries, subjectId: string, device: Device): Promise<boolean> {
  const recorded = db
    .selectFrom("rbac/refresh-tokens")
    .select("id")
    .where("subjectId", "=", subjectId)
    .where("userAgent", "is not", null)
    .limit(1);
  if (!(await recorded.executeTakeFirst())) return false;
  if (!device.userAgent || !device.address) return true;
  const seen = await recorded
    .where("userAgent", "=", device.userAgent)
    .where("address", "=", device.address)
    .executeTakeFirst();
  return !seen;
}
