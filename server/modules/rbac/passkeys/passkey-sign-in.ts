import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { AppError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { CHALLENGE_TTL_MS, bytesOf, challengeOf, type PasskeyChallenges } from "./passkey-challenges.js";
import { type PasskeyRecords, transportsOf } from "./passkey-records.js";
import { userHandleOf } from "./passkey-registration.js";
import type { PasskeySettings } from "./passkey-settings.js";

const refused = (why: string) => new AppError("AUTHENTICATION_ERROR", why);

/**
 * Signing in with a passkey alone: options without allowCredentials (the browser offers the
 * discoverable credentials it holds for this site), then the assertion is checked against the
 * stored public key. The credential's user handle must name the subject the credential belongs
 * to, and the signature counter must move forward: an authenticator that reports a counter at or
 * below the stored one (a cloned key) is refused. The user must be verified (PIN, biometrics):
 * the passkey stands in for a password and a second factor at once.
 *
 * As the second step of a password sign-in (two-factor on), the passkey proves possession only:
 * the options name the subject's own passkeys, the challenge is bound to that subject, and user
 * verification is not required (the password was the knowledge factor).
 */
export class PasskeySignIn {
  constructor(
    private readonly db: ModelQueries,
    private readonly challenges: PasskeyChallenges,
    private readonly records: PasskeyRecords,
    private readonly settings: () => PasskeySettings,
  ) {}

  async options(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { generateAuthenticationOptions } = await import("@simplewebauthn/server");
    return generateAuthenticationOptions({
      rpID: this.settings().rpID,
      challenge: bytesOf(await this.challenges.issue("authentication", null)),
      timeout: CHALLENGE_TTL_MS,
      userVerification: "required",
    });
  }

  /** Options for a second step: this subject's passkeys only, a challenge only it can spend. */
  async optionsFor(subjectId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allowCredentials = await this.records.credentialIdsOf(subjectId);
    if (allowCredentials.length === 0) throw new AppError("CONFLICT", "this account has no passkey");
    const { generateAuthenticationOptions } = await import("@simplewebauthn/server");
    return generateAuthenticationOptions({
      rpID: this.settings().rpID,
      allowCredentials,
      challenge: bytesOf(await this.challenges.issue("authentication", subjectId)),
      timeout: CHALLENGE_TTL_MS,
      userVerification: "discouraged",
    });
  }

  /** The subject the passkey signs in as. */
  verify(response: AuthenticationResponseJSON): Promise<string> {
    return this.check(response, null, this.db);
  }

  /** A second step's passkey: one of `subjectId`'s, answering a challenge made for it (in the caller's transaction). */
  async verifyFor(subjectId: string, response: AuthenticationResponseJSON, db: ModelQueries): Promise<void> {
    await this.check(response, subjectId, db);
  }

  private async check(response: AuthenticationResponseJSON, subjectId: string | null, db: ModelQueries) {
    const challenge = challengeOf(response.response.clientDataJSON);
    await this.challenges.spend(challenge, "authentication", subjectId, db);
    let found = db
      .selectFrom("rbac/passkeys")
      .select(["id", "subjectId", "credentialId", "publicKey", "counter", "transports"])
      .where("credentialId", "=", response.id);
    if (subjectId !== null) found = found.where("subjectId", "=", subjectId);
    const passkey = await found.executeTakeFirst();
    if (!passkey?.publicKey) throw refused("this passkey is not registered here");
    const handle = response.response.userHandle;
    // Alone, the passkey names its account by the handle; as a second step the account is the
    // password's, and a handle, when the authenticator sends one, must agree.
    if (subjectId === null ? handle !== userHandleOf(passkey.subjectId) : handle && handle !== userHandleOf(subjectId))
      throw refused("the passkey's user handle does not name its account");
    const counter = Number(passkey.counter);
    const { verifyAuthenticationResponse } = await import("@simplewebauthn/server");
    const { rpID, origin } = this.settings();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: subjectId === null,
    }).catch((error: unknown) => {
      throw refused(`the passkey's signature could not be verified: ${error instanceof Error ? error.message : error}`);
    });
    if (!result.verified) throw refused("the passkey's signature could not be verified");
    // Compare-and-set on the counter read: of two answers with the same counter at once, one wins.
    const moved = await db
      .updateTable("rbac/passkeys")
      .set({ counter: String(result.authenticationInfo.newCounter), lastUsedAt: new Date() })
      .where("id", "=", passkey.id)
      .where("counter", "=", passkey.counter)
      .returning("id")
      .executeTakeFirst();
    if (!moved) throw refused("the passkey's signature counter did not move forward");
    return passkey.subjectId;
  }
}
