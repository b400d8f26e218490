import { randomBytes, timingSafeEqual } from "node:crypto";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError } from "../../../../engine/errors.js";
import { ADMIN_ROLE } from "../permissions/default-permissions.js";
import type { Accounts } from "./accounts.js";

// Crockford's base32 without look-alikes: a code read off a terminal and typed by hand.
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** Four groups of four letters and digits (about 78 bits): guessing it under the sign-in rate limit is hopeless. */
export function makeSetupCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** Spaces, dashes and case as the person typed them do not matter; the characters do. */
const normalize = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

export async function adminExists(db: ModelQueries): Promise<boolean> {
  const row = await db
    .selectFrom("rbac/subjects-to-roles as sr")
    .innerJoin("rbac/roles as r", "r.id", "sr.roleId")
    .select("sr.id")
    .where("r.uid", "=", ADMIN_ROLE)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The first admin made from the browser (/admin), like Payload's first-user screen, but only with
 * a code this process printed in its log: whoever reaches the port before the owner cannot take the
 * instance. The code lives in memory only, is made at start when no admin exists, and is spent by
 * the first admin it creates (or dropped as soon as an admin exists by any other way).
 */
export class FirstAdminSetup {
  private code: string | undefined;

  constructor(
    private readonly db: ModelQueries,
    private readonly accounts: Accounts,
  ) {}

  /** Called at start: a fresh code when the database has no admin yet, else none. */
  async prepare(): Promise<string | undefined> {
    this.code = (await adminExists(this.db)) ? undefined : makeSetupCode();
    return this.code;
  }

  /** The code to print in the start log (undefined once spent or when an admin existed). */
  get setupCode(): string | undefined {
    return this.code;
  }

  /** Whether /admin should offer the setup screen. */
  async needed(): Promise<boolean> {
    if (!this.code) return false;
    if (await adminExists(this.db)) this.code = undefined;
    return Boolean(this.code);
  }

  /** Creates the first admin when `code` is this process's unspent code and no admin exists. */
  async createAdmin(code: string, email: string, password: string): Promise<string> {
    if (!(await this.needed())) throw new AppError("CONFLICT", "an administrator already exists: sign in instead");
    if (!this.matches(code))
      throw new AppError("PERMISSION_ERROR", "wrong setup code: copy it from the server's start log");
    // Spent before the awaits below, so two requests racing with the right code make one admin.
    this.code = undefined;
    const { subjectId } = await this.accounts.ensureAdmin(email, password);
    return subjectId;
  }

  private matches(code: string): boolean {
    const given = Buffer.from(normalize(code));
    const expected = Buffer.from(normalize(this.code ?? ""));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
