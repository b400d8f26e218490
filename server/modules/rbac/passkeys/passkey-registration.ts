import { withAuditEntry } from "../account-audit.js";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { sql } from "kysely";
import { AppError, validationError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { identityIdsOf } from "../accounts/subjects.js";
import { CHALLENGE_TTL_MS, bytesOf, challengeOf, type PasskeyChallenges } from "./passkey-challenges.js";
import { view, type PasskeyRecords, type PasskeyView } from "./passkey-records.js";
import type { PasskeySettings } from "./passkey-settings.js";

/** The user handle a credential carries: the subject's id, so a discoverable sign-in names its subject. */
export const userHandleOf = (subjectId: string) => Buffer.from(subjectId, "utf8").toString("base64url");

/**
 * Registering a passkey for the signed-in subject: options with a challenge bound to that
 * subject, then the authenticator's attestation checked against it and stored. Attestation is
 * 'none': the site trusts the person holding the key, not a make of authenticator.
 */
export class PasskeyRegistration {
  constructor(
    private readonly db: ModelQueries,
    private readonly challenges: PasskeyChallenges,
    private readonly records: PasskeyRecords,
    private readonly settings: () => PasskeySettings,
  ) {}

  async options(subjectId: string, userName: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    // A passkey is one more way into an account that has one already: never the only one, so
    // removing passkeys can never lock a person out.
    if ((await identityIdsOf(this.db, subjectId)).length === 0)
      throw new AppError("CONFLICT", "add an email or wallet sign-in to this account before a passkey");
    const { generateRegistrationOptions } = await import("@simplewebauthn/server");
    const { rpID, rpName } = this.settings();
    return generateRegistrationOptions({
      rpName,
      rpID,
      userName,
      userDisplayName: userName,
      userID: new Uint8Array(Buffer.from(subjectId, "utf8")),
      challenge: bytesOf(await this.challenges.issue("registration", subjectId)),
      timeout: CHALLENGE_TTL_MS,
      attestationType: "none",
      excludeCredentials: await this.records.credentialIdsOf(subjectId),
      // Discoverable, so the passkey alone signs in (no email typed first).
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
  }

  async verify(subjectId: string, response: RegistrationResponseJSON, title: string): Promise<PasskeyView> {
    const challenge = challengeOf(response.response.clientDataJSON);
    await this.challenges.spend(challenge, "registration", subjectId);
    const { verifyRegistrationResponse } = await import("@simplewebauthn/server");
    const { rpID, origin } = this.settings();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // The person is signed in already; the key proves possession, a PIN adds nothing here.
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw notVerified(error);
    });
    if (!result.verified) throw notVerified(undefined);
    const { credential } = result.registrationInfo;
    // Recorded with its audit entry (never the public key: it names the credential, which the entry's id does).
    const row = await withAuditEntry(
      this.db,
      this.records.audit,
      (db) =>
        db
          .insertInto("rbac/passkeys")
          .values({
            subjectId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString("base64url"),
            // The generated row types a hidden column as text; the double precision column takes it.
            counter: String(credential.counter),
            // A jsonb array: the driver would write a JS array as a PostgreSQL array literal.
            transports: sql<string[]>`${JSON.stringify(response.response.transports ?? [])}::jsonb`,
            title,
          })
          .onConflict((conflict) => conflict.column("credentialId").doNothing())
          .returning(["id", "title", "transports", "createdAt", "lastUsedAt"])
          .executeTakeFirst(),
      (row) =>
        row && {
          model: "rbac/passkeys",
          recordId: row.id,
          action: "create",
          changes: { subjectId: [null, subjectId], title: [null, title] },
        },
    );
    if (!row) throw new AppError("CONFLICT", "this passkey is already registered");
    return view(row);
  }
}

function notVerified(error: unknown) {
  const why = error instanceof Error ? `: ${error.message}` : "";
  return validationError(`/credential could not be verified${why}`, [
    { path: "/credential", message: "could not be verified" },
  ]);
}
